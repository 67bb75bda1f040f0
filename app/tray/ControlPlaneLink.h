#pragma once

#include <QString>
#include <QUrl>

// A link the control plane handed over (links.dashboard, links.approval with its ids filled in, a
// Session's link): server text the tray would hand to the desktop's opener. It is opened only when
// it is https, or http to a loopback host (wire §1's rule for endpoints); file:, smb:, checkfu:,
// javascript:, data: and every other scheme are refused, and where its host is not the endpoint's,
// the host is shown so the person sees where a click leads.
struct ControlPlaneLink
{
    QUrl url; // what may be opened; empty when refused or when there was no link
    QString refusal; // why the link is not opened; empty when it may be, or there was none
    QString foreignHost; // the link's host when it differs from the endpoint's (ASCII form); else empty

    bool canOpen() const { return !url.isEmpty(); }
    bool wasRefused() const { return !refusal.isEmpty(); }
    // "Open dashboard" → "Open dashboard (on other.example)", or the refusal; what a menu entry says.
    QString decorate(const QString &text) const;

    // Pure. endpoint: the control plane the Runner talks to (may be empty: no host is compared).
    static ControlPlaneLink check(const QString &link, const QUrl &endpoint);
};
