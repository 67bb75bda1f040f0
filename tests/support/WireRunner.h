#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QString>

class DevPlaneProcess;
class QNetworkReply;

// The Runner's half of the wire spoken by hand, for devplane tests that need a Runner doing
// what no real one does yet (or doing it wrong on purpose): pairing redemption, identity
// exchange, a ready presence, claims and any other call with its workload token.
class WireRunner
{
public:
    struct Reply
    {
        int status = 0;
        QJsonObject body;
        QByteArray raw;

        QString errorCode() const;
        QString errorField() const;
        QByteArray describe() const; // status and the start of the body, for failure messages
    };

    explicit WireRunner(const DevPlaneProcess &devplane) : m_devplane(devplane) { }

    // Pairs with a fresh code, exchanges it (advertising `advertisement`'s plane_protocols, if
    // any) and reports ready. The answers of redemption and exchange stay readable.
    bool enroll(QString *error, const QJsonArray &planeProtocols = {});
    // The identity exchange again with the same bootstrap credential and nonce (§3: after a
    // devplane restart the old token is gone; the same process exchanges again). Updates token().
    bool exchange(QString *error);
    QJsonObject redemption() const { return m_redemption; }
    QJsonObject identity() const { return m_identity; }
    QString token() const { return m_token; }

    // A request; POST/PUT/DELETE carry `idempotencyKey` (a fresh one when empty).
    QNetworkReply *start(const QByteArray &method, const QString &path, const QByteArray *body,
        const QString &credential, const QString &idempotencyKey = {});
    static Reply finish(QNetworkReply *reply, int timeoutMs = 15000);
    Reply call(const QByteArray &method, const QString &path, const QByteArray *body, const QString &credential,
        const QString &idempotencyKey = {});
    // With the workload token.
    Reply runnerCall(
        const QByteArray &method, const QString &path, const QJsonObject &body, const QString &idempotencyKey = {});
    // Claims at once (wait_seconds 0): the claim object, empty when none came.
    QJsonObject claim();

private:
    const DevPlaneProcess &m_devplane;
    QNetworkAccessManager m_network;
    QJsonObject m_redemption;
    QJsonObject m_identity;
    QJsonObject m_advertisement;
    QString m_bootstrap;
    QString m_nonce;
    QString m_token;
};
