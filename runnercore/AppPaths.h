#pragma once

#include <QString>

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
    // $XDG_DATA_HOME/checkfu/runner/logs: rotating log files.
    static QString logDir();
    // $XDG_DATA_HOME/checkfu/runner/credentials: opt-in file credential store (0700).
    static QString credentialDir();
    // $XDG_RUNTIME_DIR/checkfu (falls back to a per-user temp dir): instance locks.
    static QString runtimeDir();
};
