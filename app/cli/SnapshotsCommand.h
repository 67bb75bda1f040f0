#pragma once

#include <QObject>
#include <QStringList>
#include <QTextStream>

namespace runnercore {
class SnapshotStore;
}

// `checkfu-runner snapshots list [--json] | show ID | diff ID | export ID DIR | rm ID | prune | verify`:
// the workspaces kept on this machine (§6.9), for the person who owns them.
class SnapshotsCommand : public QObject
{
    Q_OBJECT
public:
    SnapshotsCommand(const runnercore::SnapshotStore &store, QTextStream &out, QTextStream &err);
    // args: the arguments after "snapshots" (with the program name first, as QCommandLineParser takes them).
    int run(const QStringList &args);

private:
    int list(bool json);
    int show(const QString &id);
    int diff(const QString &id);
    int exportTo(const QString &id, const QString &directory);
    int remove(const QString &id);
    int prune();
    int verify();
    bool known(const QString &id);

    const runnercore::SnapshotStore &m_store;
    QTextStream &m_out;
    QTextStream &m_err;
};
