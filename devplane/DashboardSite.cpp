#include "DashboardSite.h"

#include <QFile>
#include <QRegularExpression>

namespace devplane {

namespace {

QByteArray resource(const QString &name)
{
    QFile file(QStringLiteral(":/dashboard/") + name);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

DashboardSite::DashboardSite()
{
    m_page = { QByteArrayLiteral("text/html; charset=utf-8"), resource(QStringLiteral("index.html")) };
    const QList<QPair<QString, QByteArray>> assets {
        { QStringLiteral("app.js"), QByteArrayLiteral("text/javascript; charset=utf-8") },
        { QStringLiteral("dashboard.css"), QByteArrayLiteral("text/css; charset=utf-8") },
        { QStringLiteral("icon.svg"), QByteArrayLiteral("image/svg+xml") },
    };
    for (const auto &[name, contentType] : assets) {
        m_assets.insert(QStringLiteral("/dashboard/") + name, File { contentType, resource(name) });
    }
}

std::optional<DashboardSite::File> DashboardSite::find(const QString &path) const
{
    // Ids as the devplane makes them (prefix_ + hex); anything else is not a page.
    static const QRegularExpression pagePath(
        QStringLiteral("^/(dashboard/?|sessions/[a-z]+_[0-9a-f]{1,64}(/approvals/[A-Za-z0-9_.:-]{1,200})?)?$"));
    if (pagePath.match(path).hasMatch()) {
        return m_page;
    }
    const auto asset = m_assets.constFind(path);
    if (asset != m_assets.cend()) {
        return *asset;
    }
    return std::nullopt;
}

QList<QPair<QByteArray, QByteArray>> DashboardSite::headers()
{
    return {
        { QByteArrayLiteral("Content-Security-Policy"),
            QByteArrayLiteral("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
                              "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'") },
        { QByteArrayLiteral("X-Content-Type-Options"), QByteArrayLiteral("nosniff") },
        { QByteArrayLiteral("X-Frame-Options"), QByteArrayLiteral("DENY") },
        { QByteArrayLiteral("Referrer-Policy"), QByteArrayLiteral("no-referrer") },
        { QByteArrayLiteral("Cache-Control"), QByteArrayLiteral("no-cache") },
    };
}

} // namespace devplane
