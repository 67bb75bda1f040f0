#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>

namespace devplane {

// One protocol answer: a status and either a JSON body or an error. It knows nothing of the
// HTTP server, so the state model can produce it and the server can serialise it.
class ApiReply
{
public:
    static ApiReply ok(const QJsonObject &body, int status = 200);
    // extra goes inside the "error" object (supported_versions, expected_seq, …).
    static ApiReply error(int status, const QString &code, const QString &message, const QJsonObject &extra = {});
    static ApiReply invalidField(const QString &field, const QString &why);
    static ApiReply notFound(const QString &what);
    // 204: no body at all (a claim poll that waited in vain).
    static ApiReply noContent();
    // Not an answer yet: a long-poll asks the server to hold the request up to waitSeconds and
    // ask again whenever something changed (and once more at the deadline).
    static ApiReply parked(int waitSeconds);
    // The same, up to waitMs milliseconds (a call held until its slow tools answer).
    static ApiReply parkedMs(int waitMs);
    // The error "type" the spec's table assigns to an HTTP status.
    static QString typeForStatus(int status);

    int status() const { return m_status; }
    bool isError() const { return !m_errorCode.isEmpty(); }
    bool isParked() const { return m_waitMs >= 0; }
    int waitMs() const { return m_waitMs; }
    QString errorCode() const { return m_errorCode; }
    QJsonObject body() const { return m_body; }
    // The wire body; errors get their request id only now.
    QByteArray serialize(const QString &requestId) const;

    void addHeader(const QByteArray &name, const QByteArray &value) { m_headers.append({ name, value }); }
    QList<QPair<QByteArray, QByteArray>> headers() const { return m_headers; }

private:
    int m_status = 200;
    QJsonObject m_body;
    QString m_errorCode;
    QString m_errorMessage;
    QJsonObject m_errorExtra;
    int m_waitMs = -1; // >= 0: parked
    QList<QPair<QByteArray, QByteArray>> m_headers;
};

} // namespace devplane
