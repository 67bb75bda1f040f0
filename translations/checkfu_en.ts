<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
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
