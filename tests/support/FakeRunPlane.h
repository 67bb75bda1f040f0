#pragma once

#include "FaultyHttpPeer.h"
#include "TestGrant.h"

#include <runnercore/transport/WireTime.h>

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QList>
#include <QSet>
#include <QStringList>

// The work side of a control plane (§3 exchange, §6.1 claims, §6.3 observations, §6.6 settlement)
// for unit tests of runs: keeps each run's events by seq and its settlement, answers like the
// protocol, and fails on request (an outage, lease_lost, a cancel from the dashboard).
struct FakeRunPlane
{
    QHash<QString, QList<QJsonObject>> events; // per run, in seq order, deduplicated
    QHash<QString, QJsonObject> settlements; // per run: the accepted settle body
    QStringList settleOrder; // run ids, in the order their settlement arrived
    QList<QJsonObject> claims; // handed out, one per claim request, in order
    int claimRequests = 0;
    int claimWaitMs = 200; // how long an empty claim long-poll is held before its 204
    bool observationsDown = false; // answer 503 to every observation batch
    QSet<QString> leaseLost; // answer lease_lost for these runs
    QSet<QString> cancelRequested; // cancel_requested: true for these runs
    // §6.10 POST /v1/runner/runs/{id}/mcp: every body received, in order. Requests are answered
    // within the call (tools/call echoes its arguments' "text"; others get an empty result), unless
    // mcpDefer, when none is answered (the test answers them as `mcp` directives).
    QList<QJsonObject> mcpCalls;
    bool mcpDefer = false;
    bool mcpDown = false; // answer 503 to every mcp call
    int mcpDelayMs = 0; // how long each mcp call is held before its answer
    QSet<QString> mcpSettled; // answer 409 already_settled for these runs

    static QString runOf(const QByteArray &path) // "/v1/runner/runs/<id>/..." → <id>
    {
        const QList<QByteArray> parts = path.split('/');
        return parts.size() > 4 ? QString::fromLatin1(parts[4]) : QString();
    }

    QStringList kindsOf(const QString &runId) const
    {
        QStringList kinds;
        for (const QJsonObject &e : events.value(runId))
            kinds << e.value(QStringLiteral("kind")).toString();
        return kinds;
    }

    FaultyHttpPeer::Response handle(const FaultyHttpPeer::Request &r, const QDateTime &now)
    {
        FaultyHttpPeer::Response out;
        out.headers = { { "Content-Type", "application/json" } };
        auto json = [&out](int status, const QJsonObject &o) {
            out.status = status;
            out.body = QJsonDocument(o).toJson(QJsonDocument::Compact);
        };
        auto error = [&json](int status, const char *code, QJsonObject extra = {}) {
            extra.insert(QStringLiteral("type"), QStringLiteral("conflict"));
            extra.insert(QStringLiteral("code"), QLatin1String(code));
            extra.insert(QStringLiteral("message"), QLatin1String(code));
            json(status, { { QStringLiteral("error"), extra } });
        };
        const QString runId = runOf(r.path);
        if (r.path == "/v1/runner/identity") {
            json(200, testGrant(now, QStringLiteral("cfw_run_plane_test_token")));
        } else if (r.path.startsWith("/v1/runner/claims")) {
            ++claimRequests;
            if (claims.isEmpty()) {
                out.status = 204;
                out.headers.clear();
                out.delayMs = claimWaitMs;
            } else {
                json(200, claims.takeFirst());
            }
        } else if (r.path.endsWith("/observations")) {
            if (leaseLost.contains(runId)) {
                error(409, "lease_lost");
                return out;
            }
            if (observationsDown) {
                error(503, "unavailable");
                return out;
            }
            QList<QJsonObject> &kept = events[runId];
            for (const QJsonValue &v : r.json().value(QStringLiteral("events")).toArray()) {
                const QJsonObject e = v.toObject();
                const qint64 seq = e.value(QStringLiteral("seq")).toInteger();
                if (seq == kept.size() + 1)
                    kept << e;
                else if (seq > kept.size() + 1) {
                    error(409, "seq_gap", { { QStringLiteral("expected_seq"), qint64(kept.size() + 1) } });
                    return out;
                }
            }
            json(200,
                { { QStringLiteral("acked_through"), qint64(kept.size()) },
                    { QStringLiteral("lease_expires_at"), runnercore::WireTime::format(now.addSecs(60)) },
                    { QStringLiteral("cancel_requested"), cancelRequested.contains(runId) } });
        } else if (r.path.endsWith("/mcp")) {
            if (mcpDown) {
                error(503, "unavailable");
                return out;
            }
            if (mcpSettled.contains(runId)) {
                error(409, "already_settled");
                return out;
            }
            const QJsonObject body = r.json();
            mcpCalls << body;
            QJsonArray answers;
            for (const QJsonValue &v : body.value(QStringLiteral("messages")).toArray()) {
                const QJsonObject m = v.toObject();
                if (mcpDefer || !m.contains(QStringLiteral("method")) || !m.contains(QStringLiteral("id")))
                    continue;
                QJsonObject result;
                if (m.value(QStringLiteral("method")) == QStringLiteral("tools/call")) {
                    const QString text = m.value(QStringLiteral("params"))
                                             .toObject()
                                             .value(QStringLiteral("arguments"))
                                             .toObject()
                                             .value(QStringLiteral("text"))
                                             .toString();
                    result.insert(QStringLiteral("content"),
                        QJsonArray { QJsonObject {
                            { QStringLiteral("type"), QStringLiteral("text") }, { QStringLiteral("text"), text } } });
                }
                answers.append(QJsonObject { { QStringLiteral("jsonrpc"), QStringLiteral("2.0") },
                    { QStringLiteral("id"), m.value(QStringLiteral("id")) }, { QStringLiteral("result"), result } });
            }
            json(200, { { QStringLiteral("messages"), answers } });
            out.delayMs = mcpDelayMs;
        } else if (r.path.endsWith("/settle")) {
            const QJsonObject body = r.json();
            if (body.value(QStringLiteral("final_seq")).toInteger() > events.value(runId).size()) {
                error(409, "unacked_events");
                return out;
            }
            settlements.insert(runId, body);
            settleOrder << runId;
            json(200,
                { { QStringLiteral("settled"), true },
                    { QStringLiteral("outcome"), body.value(QStringLiteral("outcome")) } });
        } else {
            out.status = 404;
        }
        return out;
    }
};
