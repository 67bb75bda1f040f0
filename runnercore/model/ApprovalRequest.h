#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QMetaType>
#include <QString>
#include <QUrl>

namespace runnercore {

// A harness waits for a person (§6.5). What the tray needs to notify its owner; the decision
// itself is made in the dashboard, at `link`.
struct ApprovalRequest
{
    QString runId;
    QString sessionId;
    QString approvalId;
    QString title;
    QJsonObject toolCall; // the ACP ToolCallUpdate
    QJsonArray options; // [{option_id, name, kind}]
    QString link; // links.approval with {session_id} and {approval_id} filled in, percent-encoded; may be empty

    static ApprovalRequest from(
        const QString &runId, const QString &sessionId, const QJsonObject &data, const QString &linkTemplate)
    {
        ApprovalRequest r { runId, sessionId, data.value(QLatin1String("approval_id")).toString(),
            data.value(QLatin1String("title")).toString(), data.value(QLatin1String("tool_call")).toObject(),
            data.value(QLatin1String("options")).toArray(), QString() };
        if (!linkTemplate.isEmpty()) {
            // The ids are the server's and the harness's text: encoded, so each stays one path segment ("/", "?"
            // and "#" cannot turn the link into another page, a query or a fragment).
            r.link = linkTemplate;
            r.link.replace(QLatin1String("{session_id}"), QString::fromLatin1(QUrl::toPercentEncoding(sessionId)))
                .replace(QLatin1String("{approval_id}"), QString::fromLatin1(QUrl::toPercentEncoding(r.approvalId)));
        }
        return r;
    }
};

} // namespace runnercore

Q_DECLARE_METATYPE(runnercore::ApprovalRequest)
