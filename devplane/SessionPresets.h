#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QMap>
#include <QStringList>
#include <optional>

namespace devplane {

// What a git-demo Session fetches by default: the devplane's demo repository, the commit it
// checks out, and the Basic credential minted for the one Session being built (empty in
// describe()). Without it (git is not installed), git-demo needs repository and commit.
struct DemoSource
{
    QString url;
    QString commit;
    QString username;
    QString secret;
};

// Ready-made run specs (§6.1 shape) for `session create --preset NAME`, each exercising one
// path of a Runner: output, streaming, retention, tiers, network, deadlines and idle timeouts,
// uploaded projects, the run environment, exit codes, ACP sessions and git mounts (git-demo). --param K=V overrides the
// values each preset names; every preset also takes prompt, idle_timeout_ms and
// max_duration_seconds. A parameter may be required (acp's agent): it has no default.
class SessionPresets
{
public:
    static QStringList names();
    // Every preset with its parameters, for the dashboard's form: [{name, parameters: [{name,
    // default (null: none), required, shape (what a value must be; null: anything), choices}]}].
    static QJsonArray describe(const DemoSource *demo = nullptr);
    // principalId becomes run_spec.principal_id. nullopt (and *error) for an unknown preset,
    // a parameter it does not take or cannot use, or a required parameter not given.
    static std::optional<QJsonObject> build(const QString &name, const QMap<QString, QString> &params,
        const QString &principalId, QString *error, const DemoSource *demo = nullptr);
};

} // namespace devplane
