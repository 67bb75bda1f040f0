#include "GitFixture.h"

#include "IntegrationSupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTest>

using namespace IntegrationSupport;

QProcessEnvironment cleanGitEnvironment(const QString &home)
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    env.insert(QStringLiteral("HOME"), home);
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    env.insert(QStringLiteral("GIT_CONFIG_NOSYSTEM"), QStringLiteral("1"));
    env.insert(QStringLiteral("GIT_CONFIG_GLOBAL"), QStringLiteral("/dev/null"));
    // No background gc while a repository is being published.
    env.insert(QStringLiteral("GIT_CONFIG_COUNT"), QStringLiteral("1"));
    env.insert(QStringLiteral("GIT_CONFIG_KEY_0"), QStringLiteral("gc.auto"));
    env.insert(QStringLiteral("GIT_CONFIG_VALUE_0"), QStringLiteral("0"));
    for (const char *who : { "AUTHOR", "COMMITTER" }) {
        env.insert(QStringLiteral("GIT_%1_NAME").arg(QLatin1String(who)), QStringLiteral("Test"));
        env.insert(QStringLiteral("GIT_%1_EMAIL").arg(QLatin1String(who)), QStringLiteral("test@example.com"));
        env.insert(QStringLiteral("GIT_%1_DATE").arg(QLatin1String(who)), QStringLiteral("2026-01-01T00:00:00Z"));
    }
    return env;
}

RepoBuilder::RepoBuilder(const QString &scratch) : m_dir(scratch + QStringLiteral("/work-") + randomId(QString()))
{
    QDir().mkpath(m_dir);
    QDir().mkpath(scratch + QStringLiteral("/githome"));
    m_env = cleanGitEnvironment(scratch + QStringLiteral("/githome"));
    git({ QStringLiteral("init"), QStringLiteral("--quiet"), QStringLiteral("-b"), QStringLiteral("main") });
}

QByteArray RepoBuilder::git(const QStringList &args)
{
    QProcess p;
    p.setProcessEnvironment(m_env);
    p.setWorkingDirectory(m_dir);
    p.start(QStringLiteral("git"), args);
    p.waitForFinished(120000);
    if (p.exitCode() != 0)
        qWarning("git %s: %s", qPrintable(args.join(u' ')), p.readAllStandardError().constData());
    return p.readAllStandardOutput().trimmed();
}

void RepoBuilder::write(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(m_dir + QLatin1Char('/') + path).absolutePath());
    QFile f(m_dir + QLatin1Char('/') + path);
    if (f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        f.write(content);
}

QString RepoBuilder::commit(const QString &message)
{
    git({ QStringLiteral("add"), QStringLiteral("-A") });
    // add -A drops a gitlink whose directory is not in the work tree: put them back.
    for (const QString &entry : std::as_const(m_gitlinks))
        git({ QStringLiteral("update-index"), QStringLiteral("--add"), QStringLiteral("--cacheinfo"), entry });
    git({ QStringLiteral("commit"), QStringLiteral("--quiet"), QStringLiteral("--allow-empty"), QStringLiteral("-m"),
        message });
    return QString::fromLatin1(git({ QStringLiteral("rev-parse"), QStringLiteral("HEAD") }));
}

void RepoBuilder::addGitlink(const QString &path, const QString &url, const QString &sha)
{
    write(QStringLiteral(".gitmodules"),
        QStringLiteral("[submodule \"sub\"]\n\tpath = %1\n\turl = %2\n").arg(path, url).toUtf8());
    m_gitlinks.append(QStringLiteral("160000,%1,%2").arg(sha, path));
}

void RepoBuilder::publish(const QString &root, const QString &name)
{
    git({ QStringLiteral("clone"), QStringLiteral("--quiet"), QStringLiteral("--bare"), m_dir,
        root + QLatin1Char('/') + name });
}

GitHttpServer::~GitHttpServer()
{
    if (m_process.state() != QProcess::NotRunning) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

bool GitHttpServer::start(const QString &root, const QString &password, const QStringList &extra, const QString &bearer)
{
    const QString portFile = root + QStringLiteral("/../port-") + randomId(QString());
    m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("GITSERVER_PASSWORD"), password);
    if (!bearer.isEmpty())
        env.insert(QStringLiteral("GITSERVER_BEARER"), bearer);
    m_process.setProcessEnvironment(env);
    m_process.start(QStringLiteral("python3"),
        QStringList { QStringLiteral(CHECKFU_SOURCE_DIR "/tests/peers/gitserver/gitserver.py"),
            QStringLiteral("--root"), root, QStringLiteral("--user"), User, QStringLiteral("--port-file"), portFile }
            + extra);
    for (int i = 0; i < 200 && m_port == 0; ++i) {
        QTest::qWait(50);
        QFile f(portFile);
        if (f.open(QIODevice::ReadOnly))
            m_port = f.readAll().trimmed().toInt();
    }
    return m_port > 0;
}

QString GitHttpServer::url(const QString &name) const
{
    return QStringLiteral("http://127.0.0.1:%1/%2").arg(m_port).arg(name);
}

QJsonObject gitMount(const QString &url, const QString &commit, const QString &password, const QJsonValue &ref)
{
    return QJsonObject { { QStringLiteral("kind"), QStringLiteral("git") },
        { QStringLiteral("target"), QStringLiteral("/workspace") }, { QStringLiteral("url"), url },
        { QStringLiteral("commit"), commit }, { QStringLiteral("ref"), ref }, { QStringLiteral("depth"), QJsonValue() },
        { QStringLiteral("submodules"), false }, { QStringLiteral("lfs"), false },
        { QStringLiteral("credential"),
            QJsonObject { { QStringLiteral("kind"), QStringLiteral("http_basic") },
                { QStringLiteral("username"), GitHttpServer::User }, { QStringLiteral("secret"), password } } } };
}

QList<QJsonObject> gitRequestLog(const QString &path)
{
    QList<QJsonObject> lines;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return lines;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (!line.isEmpty())
            lines.append(QJsonDocument::fromJson(line).object());
    }
    return lines;
}

bool isLfsRequest(const QJsonObject &request)
{
    const QString path = request.value(QStringLiteral("path")).toString();
    return path.contains(QStringLiteral("/info/lfs/")) || path.startsWith(QStringLiteral("/lfs/objects/"));
}
