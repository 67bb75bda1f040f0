#pragma once

#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QString>

// A plain, synchronous-looking JSON client for benchmarks: the "plain HTTP client" the Runner's
// throughput is compared with, and the admin calls around it. Not product code.
class HttpSession
{
public:
    explicit HttpSession(const QString &baseUrl);
    struct Reply
    {
        int status = 0;
        QJsonObject body;
    };
    Reply call(const QByteArray &method, const QString &path, const QString &bearer, const QByteArray &body = {});
    Reply call(const QByteArray &method, const QString &path, const QString &bearer, const QJsonObject &body);

private:
    QString m_base;
    QNetworkAccessManager m_nam;
};
