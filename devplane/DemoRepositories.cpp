#include "DemoRepositories.h"

#include "WireFormat.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QHttpServerResponse>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTimer>

#include <memory>

namespace devplane {

namespace {

// A fetch of the demo repository takes milliseconds; a stuck backend is killed.
constexpr int backendTimeoutMs = 60000;
// Passwords kept at most; the oldest go first (a devplane that ran thousands of demo Sessions).
constexpr qsizetype maxSecrets = 4096;

// One file of a demo commit.
struct DemoFile
{
    const char *path;
    const char *content;
};

struct DemoCommit
{
    const char *subject;
    QList<DemoFile> files;
};

// A small project whose history tells why "exactly this commit" matters: the tip is unfinished.
const QList<DemoCommit> &demoHistory()
{
    static const QList<DemoCommit> history {
        { "Add the calculator",
            { { "README.md", "# calc\n\nA tiny calculator, the devplane's demo repository.\n" },
                { "calc.py", "def add(a, b):\n    return a - b\n" } } },
        { "Fix add() and test it",
            { { "calc.py", "def add(a, b):\n    return a + b\n" },
                { "test_calc.py",
                    "import unittest\n\nfrom calc import add\n\n\nclass TestAdd(unittest.TestCase):\n"
                    "    def test_add(self):\n        self.assertEqual(add(2, 3), 5)\n\n\n"
                    "if __name__ == '__main__':\n    unittest.main()\n" } } },
        { "Start subtract() (unfinished)",
            { { "calc.py",
                "def add(a, b):\n    return a + b\n\n\ndef subtract(a, b):\n    raise NotImplementedError\n" } } },
    };
    return history;
}

// git with none of the person's (or the machine's) configuration, fixed identities and dates.
QProcessEnvironment gitEnvironment(const QString &home)
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("PATH"), qEnvironmentVariable("PATH", QStringLiteral("/usr/bin:/bin")));
    env.insert(QStringLiteral("HOME"), home);
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    env.insert(QStringLiteral("GIT_CONFIG_NOSYSTEM"), QStringLiteral("1"));
    env.insert(QStringLiteral("GIT_CONFIG_GLOBAL"), QStringLiteral("/dev/null"));
    env.insert(QStringLiteral("GIT_TERMINAL_PROMPT"), QStringLiteral("0"));
    return env;
}

QString gitProgram()
{
    return QStandardPaths::findExecutable(QStringLiteral("git"));
}

// A CGI answer: "Name: value" lines, a blank line, the body.
struct CgiAnswer
{
    int status = 200;
    QByteArray contentType;
    QList<std::pair<QByteArray, QByteArray>> headers;
    QByteArray body;
    bool ok = false;
};

CgiAnswer parseCgi(const QByteArray &output)
{
    CgiAnswer answer;
    qsizetype end = output.indexOf("\r\n\r\n");
    qsizetype skip = 4;
    if (end < 0) {
        end = output.indexOf("\n\n");
        skip = 2;
    }
    if (end < 0)
        return answer;
    for (const QByteArray &line : output.left(end).split('\n')) {
        const QByteArray trimmed = line.trimmed();
        const qsizetype colon = trimmed.indexOf(':');
        if (colon <= 0)
            continue;
        const QByteArray name = trimmed.left(colon).trimmed();
        const QByteArray value = trimmed.mid(colon + 1).trimmed();
        if (name.compare("Status", Qt::CaseInsensitive) == 0) {
            bool ok = false;
            const int status = value.left(3).toInt(&ok);
            if (ok && status >= 100 && status <= 599)
                answer.status = status;
        } else if (name.compare("Content-Type", Qt::CaseInsensitive) == 0) {
            answer.contentType = value;
        } else {
            answer.headers.append({ name, value });
        }
    }
    answer.body = output.mid(end + skip);
    answer.ok = true;
    return answer;
}

void writeAnswer(QHttpServerResponder &responder, int status, const QByteArray &contentType, const QByteArray &body,
    const QList<std::pair<QByteArray, QByteArray>> &headers = {})
{
    QHttpServerResponse response(contentType.isEmpty() ? QByteArrayLiteral("text/plain") : contentType, body,
        static_cast<QHttpServerResponse::StatusCode>(status));
    for (const auto &header : headers)
        response.setHeader(header.first, header.second);
    response.write(std::move(responder));
}

} // namespace

// One git http-backend process answering one request.
struct DemoRepositories::Backend
{
    QProcess process;
    QTimer timer;
    std::unique_ptr<QHttpServerResponder> responder;
    Answered answered;
};

DemoRepositories::DemoRepositories(QObject *parent) : QObject(parent) { }

DemoRepositories::~DemoRepositories()
{
    for (Backend *backend : std::as_const(m_backends)) {
        backend->process.disconnect();
        backend->process.kill();
        backend->process.waitForFinished(1000);
        delete backend;
    }
}

bool DemoRepositories::runGit(const QStringList &arguments, const QString &directory, QString *error) const
{
    QProcess git;
    QProcessEnvironment env = gitEnvironment(m_root);
    // Fixed identities and dates: the same commit ids everywhere.
    for (const char *who : { "AUTHOR", "COMMITTER" }) {
        env.insert(QStringLiteral("GIT_%1_NAME").arg(QLatin1String(who)), QStringLiteral("Checkfu Demo"));
        env.insert(QStringLiteral("GIT_%1_EMAIL").arg(QLatin1String(who)), QStringLiteral("demo@checkfu.invalid"));
        env.insert(QStringLiteral("GIT_%1_DATE").arg(QLatin1String(who)), QStringLiteral("2026-08-27T12:00:00Z"));
    }
    git.setProcessEnvironment(env);
    git.setWorkingDirectory(directory);
    git.start(gitProgram(), arguments);
    if (!git.waitForFinished(30000) || git.exitStatus() != QProcess::NormalExit || git.exitCode() != 0) {
        *error = QStringLiteral("git %1 failed: %2")
                     .arg(arguments.join(QLatin1Char(' ')),
                         QString::fromUtf8(git.readAllStandardError()).trimmed() + git.errorString());
        return false;
    }
    return true;
}

bool DemoRepositories::create(const QString &directory, QString *error)
{
    m_repositories.clear();
    if (gitProgram().isEmpty()) {
        *error = QStringLiteral("git is not installed (Debian: apt install git); no demo repositories");
        return false;
    }
    m_root = QDir::cleanPath(directory);
    QDir(m_root).removeRecursively();
    if (!QDir().mkpath(m_root)
        || !QFile::setPermissions(m_root, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner)) {
        *error = QStringLiteral("cannot create %1 for the demo repositories").arg(m_root);
        return false;
    }
    const QString work = m_root + QStringLiteral("/work");
    QDir().mkpath(work);
    if (!runGit({ QStringLiteral("init"), QStringLiteral("-q"), QStringLiteral("-b"), QStringLiteral("main") }, work,
            error))
        return false;
    Repository repository { QString::fromLatin1(demoName), {} };
    for (const DemoCommit &commit : demoHistory()) {
        for (const DemoFile &file : commit.files) {
            QFile out(work + QLatin1Char('/') + QLatin1String(file.path));
            if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate) || out.write(file.content) < 0) {
                *error = QStringLiteral("cannot write %1: %2").arg(out.fileName(), out.errorString());
                return false;
            }
        }
        if (!runGit({ QStringLiteral("add"), QStringLiteral("-A") }, work, error)
            || !runGit({ QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-m"),
                           QString::fromLatin1(commit.subject) },
                work, error))
            return false;
        QProcess head;
        head.setProcessEnvironment(gitEnvironment(m_root));
        head.setWorkingDirectory(work);
        head.start(gitProgram(), { QStringLiteral("rev-parse"), QStringLiteral("HEAD") });
        head.waitForFinished(30000);
        const QString id = QString::fromLatin1(head.readAllStandardOutput()).trimmed();
        if (!WireFormat::isLowerHex(id, 40) && !WireFormat::isLowerHex(id, 64)) {
            *error = QStringLiteral("git rev-parse HEAD gave no commit id");
            return false;
        }
        repository.commits.append({ id, QString::fromLatin1(commit.subject) });
    }
    if (!runGit({ QStringLiteral("clone"), QStringLiteral("-q"), QStringLiteral("--bare"), QStringLiteral("--no-local"),
                    work, m_root + QLatin1Char('/') + repository.name },
            m_root, error))
        return false;
    QDir(work).removeRecursively();
    m_repositories.append(repository);
    return true;
}

QString DemoRepositories::url(const QString &name) const
{
    return m_baseUrl + QLatin1String(pathPrefix) + name;
}

QString DemoRepositories::demoCommit() const
{
    if (m_repositories.isEmpty() || m_repositories.first().commits.size() < 2)
        return {};
    const QList<Commit> &commits = m_repositories.first().commits;
    return commits.at(commits.size() - 2).id;
}

QJsonArray DemoRepositories::describe() const
{
    QJsonArray list;
    for (const Repository &repository : m_repositories) {
        QJsonArray commits;
        for (const Commit &commit : repository.commits)
            commits.append(
                QJsonObject { { QStringLiteral("id"), commit.id }, { QStringLiteral("subject"), commit.subject } });
        list.append(
            QJsonObject { { QStringLiteral("name"), repository.name }, { QStringLiteral("url"), url(repository.name) },
                { QStringLiteral("commits"), commits }, { QStringLiteral("demo_commit"), demoCommit() } });
    }
    return list;
}

DemoRepositories::Credential DemoRepositories::mint()
{
    const Credential credential { QString::fromLatin1(username), QStringLiteral("cfg_") + WireFormat::randomHex(32) };
    if (m_secrets.size() >= maxSecrets) {
        auto oldest = m_secrets.begin();
        for (auto it = m_secrets.begin(); it != m_secrets.end(); ++it)
            if (it.value() < oldest.value())
                oldest = it;
        m_secrets.erase(oldest);
    }
    m_secrets.insert(WireFormat::digest(credential.secret), QDateTime::currentMSecsSinceEpoch());
    return credential;
}

bool DemoRepositories::handles(const QString &path)
{
    return path.startsWith(QLatin1String(pathPrefix));
}

bool DemoRepositories::authorized(const QHttpServerRequest &request) const
{
    const QByteArray header = request.value("Authorization");
    if (!header.startsWith("Basic "))
        return false;
    const QByteArray decoded = QByteArray::fromBase64(header.mid(6).trimmed());
    const qsizetype colon = decoded.indexOf(':');
    if (colon < 0 || decoded.left(colon) != username)
        return false;
    return m_secrets.contains(WireFormat::digest(QString::fromUtf8(decoded.mid(colon + 1))));
}

void DemoRepositories::serve(
    const QHttpServerRequest &request, QHttpServerResponder &&responder, const Answered &answered)
{
    static const QRegularExpression route(
        QStringLiteral("^/git/([a-z0-9][a-z0-9-]{0,63}\\.git)/(info/refs|git-upload-pack|git-receive-pack)$"));
    const QString path = request.url().path();
    const QRegularExpressionMatch match = route.match(path);
    const bool known = match.hasMatch()
        && std::any_of(m_repositories.cbegin(), m_repositories.cend(),
            [&match](const Repository &r) { return r.name == match.captured(1); });
    const bool isRefs = match.captured(2) == QLatin1String("info/refs");
    const QString query = request.url().query(QUrl::FullyEncoded);
    const bool uploadPack = isRefs
        ? request.method() == QHttpServerRequest::Method::Get && query == QLatin1String("service=git-upload-pack")
        : request.method() == QHttpServerRequest::Method::Post && match.captured(2) == QLatin1String("git-upload-pack");
    if (!known) {
        writeAnswer(responder, 404, {}, "no such demo repository\n");
        return answered(404, QStringLiteral("not_found"));
    }
    // Before anything else: a push, or any other service, is not for a read-only demo.
    if (!uploadPack) {
        writeAnswer(responder, 403, {}, "the demo repositories are read-only: only git-upload-pack is served\n");
        return answered(403, QStringLiteral("forbidden"));
    }
    if (!authorized(request)) {
        writeAnswer(responder, 401, {}, "a Session's demo credential (HTTP Basic) is required\n",
            { { QByteArrayLiteral("WWW-Authenticate"), QByteArrayLiteral("Basic realm=\"checkfu-devplane demo\"") } });
        return answered(401, QStringLiteral("unauthorized"));
    }

    auto *backend = new Backend;
    backend->responder = std::make_unique<QHttpServerResponder>(std::move(responder));
    backend->answered = answered;
    m_backends.append(backend);
    QProcessEnvironment env = gitEnvironment(m_root);
    env.insert(QStringLiteral("GIT_PROJECT_ROOT"), m_root);
    env.insert(QStringLiteral("GIT_HTTP_EXPORT_ALL"), QStringLiteral("1"));
    env.insert(QStringLiteral("PATH_INFO"), path.mid(int(qstrlen(pathPrefix)) - 1));
    env.insert(QStringLiteral("REQUEST_METHOD"), isRefs ? QStringLiteral("GET") : QStringLiteral("POST"));
    env.insert(QStringLiteral("QUERY_STRING"), query);
    env.insert(QStringLiteral("REMOTE_USER"), QString::fromLatin1(username));
    env.insert(QStringLiteral("REMOTE_ADDR"), QStringLiteral("127.0.0.1"));
    const QByteArray body = request.body();
    if (!isRefs) {
        env.insert(QStringLiteral("CONTENT_TYPE"), QString::fromLatin1(request.value("Content-Type")));
        env.insert(QStringLiteral("CONTENT_LENGTH"), QString::number(body.size()));
    }
    if (const QByteArray encoding = request.value("Content-Encoding"); !encoding.isEmpty())
        env.insert(QStringLiteral("HTTP_CONTENT_ENCODING"), QString::fromLatin1(encoding));
    if (const QByteArray protocol = request.value("Git-Protocol"); !protocol.isEmpty())
        env.insert(QStringLiteral("GIT_PROTOCOL"), QString::fromLatin1(protocol));
    // REMOTE_USER would turn pushes on; fetching a commit by id works with protocol v0 too.
    env.insert(QStringLiteral("GIT_CONFIG_COUNT"), QStringLiteral("2"));
    env.insert(QStringLiteral("GIT_CONFIG_KEY_0"), QStringLiteral("http.receivepack"));
    env.insert(QStringLiteral("GIT_CONFIG_VALUE_0"), QStringLiteral("false"));
    env.insert(QStringLiteral("GIT_CONFIG_KEY_1"), QStringLiteral("uploadpack.allowAnySHA1InWant"));
    env.insert(QStringLiteral("GIT_CONFIG_VALUE_1"), QStringLiteral("true"));
    backend->process.setProcessEnvironment(env);
    backend->process.setWorkingDirectory(m_root);

    const auto finish = [this, backend](int status, const QByteArray &output) {
        if (!m_backends.removeOne(backend))
            return;
        backend->timer.stop();
        const CgiAnswer answer = parseCgi(output);
        if (status == 200 && answer.ok) {
            writeAnswer(*backend->responder, answer.status, answer.contentType, answer.body, answer.headers);
            backend->answered(answer.status, QString());
        } else {
            writeAnswer(*backend->responder, 502, {}, "git http-backend failed\n");
            backend->answered(502, QStringLiteral("backend_failed"));
        }
        backend->process.disconnect();
        QTimer::singleShot(0, this, [backend]() { delete backend; });
    };
    connect(&backend->process, &QProcess::finished, this, [backend, finish](int code, QProcess::ExitStatus how) {
        finish(how == QProcess::NormalExit && code == 0 ? 200 : 502, backend->process.readAllStandardOutput());
    });
    connect(&backend->process, &QProcess::errorOccurred, this, [finish](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            finish(502, {});
    });
    backend->timer.setSingleShot(true);
    connect(&backend->timer, &QTimer::timeout, this, [backend]() { backend->process.kill(); });
    backend->timer.start(backendTimeoutMs);
    backend->process.start(gitProgram(), { QStringLiteral("http-backend") });
    if (backend->process.state() != QProcess::NotRunning) {
        backend->process.write(body);
        backend->process.closeWriteChannel();
    }
}

} // namespace devplane
