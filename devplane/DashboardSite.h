#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QPair>
#include <QString>
#include <optional>

namespace devplane {

// The web dashboard's files (devplane/dashboard/, compiled in as Qt resources) and the paths
// they answer. The page itself is one document for every link the devplane hands out: `/`,
// `/dashboard`, `/sessions/{session_id}` and `/sessions/{session_id}/approvals/{approval_id}`
// (the approval link of the identity exchange); its script reads the path and opens the
// Session or approval. Its assets live under `/dashboard/`.
class DashboardSite
{
public:
    struct File
    {
        QByteArray contentType;
        QByteArray body;
    };

    DashboardSite();

    // The file a GET of `path` answers with; nullopt when the path is none of the dashboard's.
    std::optional<File> find(const QString &path) const;
    // Headers of every dashboard answer: a strict Content-Security-Policy (scripts, styles and
    // connections to this origin only, no inline script, no framing), nosniff, no referrer.
    static QList<QPair<QByteArray, QByteArray>> headers();

private:
    QHash<QString, File> m_assets; // by path: /dashboard/app.js, …
    File m_page;
};

} // namespace devplane
