#pragma once

#include <QString>

namespace runnercore {

// Where the Runner keeps its files. The CLI and the tray share every one of them,
// so a machine paired by either is paired for both. All follow the XDG variables,
// which is also how tests isolate themselves.
class AppPaths
{
public:
    // $XDG_CONFIG_HOME/checkfu/runner.ini: endpoint, label, tier, runner id.
    static QString settingsFile();
    // $XDG_DATA_HOME/checkfu/runner: spool, workspaces, file credential store.
    static QString dataDir();
    // $XDG_CACHE_HOME/checkfu/runner: what can be fetched again (the git mirrors of durable runs).
    static QString cacheDir();
    // $XDG_DATA_HOME/checkfu/runner/snapshots: workspaces kept on this machine (§6.9), owner-only.
    static QString snapshotDir();
    // $XDG_DATA_HOME/checkfu/runner/logs: rotating log files.
    static QString logDir();
    // $XDG_DATA_HOME/checkfu/runner/credentials: opt-in file credential store (0700).
    static QString credentialDir();
    // $XDG_RUNTIME_DIR/checkfu, or without XDG_RUNTIME_DIR <temp>/checkfu-runtime-<uid>/checkfu:
    // the instance locks and the tray's single-instance socket.
    static QString runtimeDir();
    // Creates runtimeDir() (and the fallback's parent) 0700 and checks that each is a real directory
    // of this user's with no group/other access (PrivateDirectory); false with *error naming the path
    // and the fix otherwise. Call it before putting anything there.
    static bool ensureRuntimeDir(QString *error);
};

} // namespace runnercore
