#pragma once

#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QSignalSpy>

// A barrier on a D-Bus connection, instead of waiting a while for the bus: a call on `bus`, and
// its answer awaited in the event loop (at most timeoutMs). The bus carries the messages between
// two connections in order, and QtDBus hands the answers and signals it received to the event
// loop in that order, so once this answer is in, everything `service` sent to `bus` before it has
// been delivered. The bus itself (busDaemon) answers only after it processed every earlier
// message of `bus`: the match rule of a QDBusConnection::connect() included.
namespace BusRoundTrip {

struct Peer
{
    QString service;
    QString path;
    QString interface;
    QString method; // one that takes no arguments
};

inline const Peer busDaemon { QStringLiteral("org.freedesktop.DBus"), QStringLiteral("/org/freedesktop/DBus"),
    QStringLiteral("org.freedesktop.DBus"), QStringLiteral("GetId") };

inline bool roundTrip(const QDBusConnection &bus, const Peer &peer, int timeoutMs = 5000)
{
    QDBusPendingCallWatcher answer(
        bus.asyncCall(QDBusMessage::createMethodCall(peer.service, peer.path, peer.interface, peer.method), timeoutMs));
    QSignalSpy finished(&answer, &QDBusPendingCallWatcher::finished);
    // Even an answer that is in already comes through the event loop (finished is queued).
    return finished.wait(timeoutMs) && !answer.isError();
}

} // namespace BusRoundTrip
