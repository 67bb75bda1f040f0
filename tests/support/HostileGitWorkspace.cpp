#include "HostileGitWorkspace.h"

#include <QDir>
#include <QFile>
#include <QProcess>

namespace {

// git with nothing of the machine's or the test's configuration.
QProcessEnvironment cleanGitEnvironment(const QString &home)
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    env.insert(QStringLiteral("HOME"), home);
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/.config"));
    env.insert(QStringLiteral("LANG"), QStringLiteral("C"));
    env.insert(QStringLiteral("GIT_CONFIG_NOSYSTEM"), QStringLiteral("1"));
    return env;
}

QByteArray runGit(const QString &dir, const QStringList &args, const QProcessEnvironment &env)
{
    QProcess git;
    git.setProcessEnvironment(env);
    git.setWorkingDirectory(dir);
    git.setProcessChannelMode(QProcess::MergedChannels);
    git.start(QStringLiteral("git"), args);
    git.waitForFinished(30000);
    return git.readAll();
}

} // namespace

HostileGitWorkspace::HostileGitWorkspace()
{
    if (!m_dir.isValid())
        return;
    QDir().mkpath(markerDir());
    // The person's HOME: their name for commits and an alias of their own that the repository's overrides.
    const QString home = m_dir.filePath(QStringLiteral("home"));
    QDir().mkpath(home);
    QFile gitconfig(home + QStringLiteral("/.gitconfig"));
    if (gitconfig.open(QIODevice::WriteOnly))
        gitconfig.write("[user]\n\tname = Person\n\temail = person@example.com\n[alias]\n\tlg = log --oneline\n");
    gitconfig.close();
    // A repository outside the workspace that a nested `.git` file points to.
    const QString elsewhere = m_dir.filePath(QStringLiteral("elsewhere"));
    QDir().mkpath(elsewhere);
    const QProcessEnvironment env = cleanGitEnvironment(home);
    runGit(elsewhere, { QStringLiteral("init"), QStringLiteral("-q") }, env);
    runGit(elsewhere,
        { QStringLiteral("config"), QStringLiteral("core.fsmonitor"),
            QStringLiteral("touch %1/elsewhere-fsmonitor; false").arg(markerDir()) },
        env);
}

QStringList HostileGitWorkspace::plantedMarkers()
{
    return { QStringLiteral("alias"), QStringLiteral("credential"), QStringLiteral("diff-external"),
        QStringLiteral("editor"), QStringLiteral("elsewhere-fsmonitor"), QStringLiteral("filter-clean"),
        QStringLiteral("filter-process"), QStringLiteral("filter-smudge"), QStringLiteral("fsmonitor"),
        QStringLiteral("hook"), QStringLiteral("hookspath"), QStringLiteral("include"), QStringLiteral("includeif"),
        QStringLiteral("pager"), QStringLiteral("ssh"), QStringLiteral("textconv") };
}

QString HostileGitWorkspace::harnessScript() const
{
    const QString m = markerDir();
    return QStringLiteral(R"(set -e
G="git -c user.name=agent -c user.email=agent@example.com -c init.defaultBranch=main"
$G init -q .
printf 'a\n' > a.txt; printf 'b\n' > inc.txt; printf 'c\n' > incif.txt
printf '*.txt diff=tc\na.txt filter=clean\ninc.txt filter=inc\nincif.txt filter=incif\n' > .gitattributes
$G add -A; $G commit -qm one
printf 'a2\n' > a.txt; $G commit -qam two
printf 'a3\n' > a.txt
cat >> .git/config <<EOF
[core]
	fsmonitor = "touch M/fsmonitor; false"
	hooksPath = evilhooks
	pager = "touch M/pager; cat"
	editor = "touch M/editor; true"
	sshCommand = "touch M/ssh; false"
[diff]
	external = "touch M/diff-external; true"
[diff "tc"]
	textconv = "touch M/textconv; cat"
[filter "clean"]
	clean = "touch M/filter-clean; cat"
	smudge = "touch M/filter-smudge; cat"
[credential]
	helper = "!touch M/credential; false"
[alias]
	lg = "!touch M/alias"
[remote "origin"]
	url = ssh://127.0.0.1:9/nothing
	fetch = +refs/heads/*:refs/remotes/origin/*
[include]
	path = inc.cfg
[includeIf "gitdir:/"]
	path = incif.cfg
EOF
printf '[filter "inc"]\n\tclean = "touch M/include; cat"\n' > .git/inc.cfg
printf '[filter "incif"]\n\tclean = "touch M/includeif; cat"\n' > .git/incif.cfg
mkdir evilhooks; printf '#!/bin/sh\ntouch M/hookspath\n' > evilhooks/pre-commit; chmod 755 evilhooks/pre-commit
mkdir inner; cd inner; $G init -q .
printf '#!/bin/sh\ntouch M/hook\n' > .git/hooks/pre-commit; chmod 755 .git/hooks/pre-commit; cd ..
mkdir proc; cd proc; $G init -q .; printf 'p\n' > p.txt; printf 'p.txt filter=proc\n' > .gitattributes
$G add -A; $G commit -qm p; git config filter.proc.process "touch M/filter-process; false"; cd ..
mkdir other; printf 'gitdir: ELSEWHERE/.git\n' > other/.git
)")
        .replace(QLatin1String("M/"), m + QLatin1Char('/'))
        .replace(QLatin1String("ELSEWHERE"), m_dir.filePath(QStringLiteral("elsewhere")));
}

QStringList HostileGitWorkspace::markers() const
{
    QStringList names = QDir(markerDir()).entryList(QDir::Files);
    names.sort();
    return names;
}

void HostileGitWorkspace::clearMarkers() const
{
    for (const QString &name : markers())
        QFile::remove(markerDir() + QLatin1Char('/') + name);
}

QStringList HostileGitWorkspace::firedIn(const QString &exportDir, QString *transcript) const
{
    QProcessEnvironment env = cleanGitEnvironment(m_dir.filePath(QStringLiteral("home")));
    // The person's own choices, which a repository's configuration would override.
    env.insert(QStringLiteral("EDITOR"), QStringLiteral("true"));
    env.insert(QStringLiteral("PAGER"), QStringLiteral("cat"));
    env.insert(QStringLiteral("GIT_TERMINAL_PROMPT"), QStringLiteral("0"));
    env.insert(QStringLiteral("TERM"), QStringLiteral("dumb"));
    const QList<QPair<QString, QString>> commands {
        { QString(), QStringLiteral("git status") },
        { QString(), QStringLiteral("git diff") },
        { QString(), QStringLiteral("git log -p") },
        { QString(), QStringLiteral("git lg") },
        { QString(), QStringLiteral("git commit -a") },
        { QString(), QStringLiteral("git fetch origin") },
        { QString(), QStringLiteral("printf 'protocol=https\\nhost=example.com\\n\\n' | git credential fill") },
        { QStringLiteral("inner"), QStringLiteral("git commit --allow-empty -m x") },
        { QStringLiteral("other"), QStringLiteral("git status") },
        { QStringLiteral("proc"), QStringLiteral("git status") },
    };
    for (const auto &[subdir, command] : commands) {
        QProcess shell;
        shell.setProcessEnvironment(env);
        shell.setWorkingDirectory(subdir.isEmpty() ? exportDir : exportDir + QLatin1Char('/') + subdir);
        shell.setProcessChannelMode(QProcess::MergedChannels);
        shell.setStandardInputFile(QProcess::nullDevice());
        // script(1): a pseudo-terminal, as at a shell prompt (git starts a pager only on a terminal).
        shell.start(QStringLiteral("script"), { QStringLiteral("-qec"), command, QStringLiteral("/dev/null") });
        if (!shell.waitForFinished(30000)) {
            shell.kill();
            shell.waitForFinished();
        }
        if (transcript)
            *transcript += QStringLiteral("$ (%1) %2\n%3").arg(subdir, command, QString::fromUtf8(shell.readAll()));
    }
    return markers();
}
