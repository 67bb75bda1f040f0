<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>GitCheckout</name>
    <message numerus="yes">
        <source>%n LFS object(s) are still pointers after checkout</source>
        <translation>
            <numerusform>%n LFS object is still a pointer after checkout</numerusform>
            <numerusform>%n LFS objects are still pointers after checkout</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PairingCode</name>
    <message numerus="yes">
        <source>The pairing code has %n character(s) after CFU-, expected 12. Check that you copied the whole code.</source>
        <translation>
            <numerusform>The pairing code has %n character after CFU-, expected 12. Check that you copied the whole code.</numerusform>
            <numerusform>The pairing code has %n characters after CFU-, expected 12. Check that you copied the whole code.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RunnerCli</name>
    <message numerus="yes">
        <source>Removed %n mirror(s) from %1.</source>
        <translation>
            <numerusform>Removed %n mirror from %1.</numerusform>
            <numerusform>Removed %n mirrors from %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n mirror(s) are in use by a running fetch and were kept.</source>
        <translation>
            <numerusform>%n mirror is in use by a running fetch and was kept.</numerusform>
            <numerusform>%n mirrors are in use by a running fetch and were kept.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n mirror(s), %1 MiB in %2 (at most %3 MiB)</source>
        <translation>
            <numerusform>%n mirror, %1 MiB in %2 (at most %3 MiB)</numerusform>
            <numerusform>%n mirrors, %1 MiB in %2 (at most %3 MiB)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message numerus="yes">
        <source>%n mirror(s), %1 MiB used</source>
        <translation>
            <numerusform>%n mirror, %1 MiB used</numerusform>
            <numerusform>%n mirrors, %1 MiB used</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n workspace(s), %1 MiB (%2)</source>
        <translation>
            <numerusform>%n workspace, %1 MiB (%2)</numerusform>
            <numerusform>%n workspaces, %1 MiB (%2)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete the %n workspace(s) kept on this machine? Runs can no longer start from them.</source>
        <translation>
            <numerusform>Delete the %n workspace kept on this machine? Runs can no longer start from it.</numerusform>
            <numerusform>Delete the %n workspaces kept on this machine? Runs can no longer start from them.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SnapshotExport</name>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 and %n more</numerusform>
            <numerusform>%1 and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SnapshotDiff</name>
    <message numerus="yes">
        <source>%n file(s) are left out of this diff and its patch: a side over %1 MiB, past the %2 MiB one diff shows (the smaller files first), or unreadable.</source>
        <translation>
            <numerusform>%n file is left out of this diff and its patch: a side over %1 MiB, past the %2 MiB one diff shows (the smaller files first), or unreadable.</numerusform>
            <numerusform>%n files are left out of this diff and its patch: a side over %1 MiB, past the %2 MiB one diff shows (the smaller files first), or unreadable.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SnapshotsCommand</name>
    <message numerus="yes">
        <source>checkfu-runner snapshots %1: expected %n argument(s); see --help</source>
        <translation>
            <numerusform>checkfu-runner snapshots %1: expected %n argument; see --help</numerusform>
            <numerusform>checkfu-runner snapshots %1: expected %n arguments; see --help</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n snapshot(s), %1 MiB in %2 (kept %3 days, at most %4 MiB)</source>
        <translation>
            <numerusform>%n snapshot, %1 MiB in %2 (kept %3 days, at most %4 MiB)</numerusform>
            <numerusform>%n snapshots, %1 MiB in %2 (kept %3 days, at most %4 MiB)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n snapshot(s) checked, %1 damaged.</source>
        <translation>
            <numerusform>%n snapshot checked, %1 damaged.</numerusform>
            <numerusform>%n snapshots checked, %1 damaged.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TrayPresentation</name>
    <message numerus="yes">
        <source>%n run(s) going</source>
        <translation>
            <numerusform>%n run going</numerusform>
            <numerusform>%n runs going</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The computer slept for %1; %n run(s) lost.</source>
        <translation>
            <numerusform>The computer slept for %1; %n run was lost.</numerusform>
            <numerusform>The computer slept for %1; %n runs were lost.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n run</numerusform>
            <numerusform>%n runs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Show activity — %n run(s) going…</source>
        <translation>
            <numerusform>Show activity — %n run going…</numerusform>
            <numerusform>Show activity — %n runs going…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Platform tools: %n call(s)</source>
        <translation>
            <numerusform>Platform tools: %n call</numerusform>
            <numerusform>Platform tools: %n calls</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WorkspaceChangesDialog</name>
    <message numerus="yes">
        <source>%n file(s) changed, compared with %1. Kept until %2; %3 in all.</source>
        <translation>
            <numerusform>%n file changed, compared with %1. Kept until %2; %3 in all.</numerusform>
            <numerusform>%n files changed, compared with %1. Kept until %2; %3 in all.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>runnercore::Doctor</name>
    <message numerus="yes">
        <source>%n live presence(s) visible</source>
        <translation>
            <numerusform>%n live presence visible</numerusform>
            <numerusform>%n live presences visible</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>off (--git-cache-mib 0): every git mount is fetched from its server; %n mirror(s) left in %1 (checkfu-runner cache clear empties it)</source>
        <translation>
            <numerusform>off (--git-cache-mib 0): every git mount is fetched from its server; %n mirror left in %1 (checkfu-runner cache clear empties it)</numerusform>
            <numerusform>off (--git-cache-mib 0): every git mount is fetched from its server; %n mirrors left in %1 (checkfu-runner cache clear empties it)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n mirror(s), %1 MiB in %2 (at most %3 MiB; checkfu-runner cache clear empties it)</source>
        <translation>
            <numerusform>%n mirror, %1 MiB in %2 (at most %3 MiB; checkfu-runner cache clear empties it)</numerusform>
            <numerusform>%n mirrors, %1 MiB in %2 (at most %3 MiB; checkfu-runner cache clear empties it)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>runnercore::Runner</name>
    <message numerus="yes">
        <source>Stopping: finishing %n owned run(s), then signing off</source>
        <translation>
            <numerusform>Stopping: finishing %n owned run, then signing off</numerusform>
            <numerusform>Stopping: finishing %n owned runs, then signing off</numerusform>
        </translation>
    </message>
</context>
</TS>
