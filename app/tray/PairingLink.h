#pragma once

#include <QString>
#include <QUrl>

// A pairing link, checkfu://pair?code=CFU-…&endpoint=https://…, as an admin sends it and the
// desktop's URL handler passes it to the tray. parse() is a pure function over the text. The code
// is a one-use secret: error never echoes it, and neither may a caller's log line.
struct PairingLink
{
    QUrl endpoint; // normalised (EndpointPolicy); empty when the link has none or it was refused
    QString code; // normalised (PairingCode); empty when missing or malformed
    QString error; // what is wrong with the link and what to do; empty when valid

    // A code, and no problem with the endpoint (which may be absent: the stored one then applies).
    bool isValid() const { return error.isEmpty() && !code.isEmpty(); }

    static PairingLink parse(const QString &text);
    // A loopback endpoint (127.0.0.1, ::1, localhost) is trusted only when every program listening
    // on its port belongs to `uid`, the person's own account (ListeningSockets: /proc/net/tcp{,6});
    // otherwise the endpoint is dropped and error says why, naming the port. Another local user could
    // otherwise pose as the control plane and take this machine's runs.
    void checkLoopbackOwner(quint32 uid, const QString &procNet = QStringLiteral("/proc/net"));
    // True when a command-line argument is meant as a link (the checkfu: scheme), so that a
    // malformed link is reported as one rather than taken for an unknown argument.
    static bool looksLikeLink(const QString &arg);
    // True for a checkfu://pair (or checkfu:pair) link, whatever its query: what org.freedesktop.Application.Open
    // takes (ApplicationService).
    static bool isPairingLink(const QString &text);
};
