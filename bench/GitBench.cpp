// Cold and warm materialisation of a git mount (issue 22): a generated repository of `files` files
// with some history, served by tests/peers/gitserver (git http-backend on loopback), fetched by the
// Runner's own GitCheckout into a fresh workspace twice: first with an empty mirror cache (cold),
// then with the mirror the first run filled (warm). Target: warm <= 0.2 x cold.
#include "GitFixture.h"

#include <runnercore/workspace/GitCheckout.h>
#include <runnercore/workspace/GitTool.h>

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTemporaryDir>
#include <QTextStream>
#include <QUuid>

using namespace runnercore;

namespace {
// About 1 KiB of text that compresses as source code does (about 2:1), not to nothing.
QByteArray sourceLike(int file, int commit)
{
    QByteArray text = "// file " + QByteArray::number(file) + ", commit " + QByteArray::number(commit) + "\n";
    quint32 x = quint32(file * 7919 + commit * 104729 + 1);
    while (text.size() < 1024) {
        x = x * 1664525u + 1013904223u;
        text += "int v" + QByteArray::number(x % 997) + " = " + QByteArray::number(x >> 8, 16) + ";\n";
    }
    return text;
}

qint64 materialise(const GitCheckout::Request &request, bool *ok, bool *fromCache)
{
    QDir().mkpath(request.directory);
    GitCheckout checkout(request);
    QEventLoop loop;
    QObject::connect(&checkout, &GitCheckout::finished, &loop, [&](bool done) {
        *ok = done;
        loop.quit();
    });
    QElapsedTimer clock;
    clock.start();
    // Where the time goes, on stderr (the figure itself is on stdout).
    QObject::connect(&checkout, &GitCheckout::progress, &checkout, [&](const QString &phase, int percent) {
        if (percent < 0 || percent == 100)
            QTextStream(stderr) << "  " << clock.elapsed() << " ms: " << phase << ' ' << percent << Qt::endl;
    });
    checkout.start();
    loop.exec();
    *fromCache = checkout.fromCache();
    if (!*ok)
        QTextStream(stderr) << checkout.message() << Qt::endl;
    return clock.elapsed();
}
} // namespace

// bytesPerSecond: the server's bandwidth (0: loopback's own). A remote git host over a 50 Mbit/s
// link is the case the cache is for; loopback is the floor, where only the checkout is left.
void gitMaterialisation(int files, qint64 bytesPerSecond)
{
    QTextStream out(stdout);
    // In memory where there is /dev/shm: this machine's disk stalls for seconds at random, which
    // would measure the disk, not the materialisation (same work in both runs).
    QTemporaryDir dir(QDir(QStringLiteral("/dev/shm")).exists()
            ? QStringLiteral("/dev/shm/checkfu-bench-XXXXXX")
            : QDir::tempPath() + QStringLiteral("/checkfu-bench-XXXXXX"));
    const QString repos = dir.filePath(QStringLiteral("repos"));
    QDir().mkpath(repos);
    RepoBuilder repo(dir.path());
    // 10 commits; each rewrites a tenth of the files, so the history is more than one tree.
    QString commit;
    for (int c = 0; c < 10; ++c) {
        for (int i = 0; i < files; ++i) {
            if (c == 0 || i % 10 == c)
                repo.write(QStringLiteral("src/d%1/f%2.txt").arg(i % 100).arg(i), sourceLike(i, c));
        }
        commit = repo.commit(QStringLiteral("commit %1").arg(c));
    }
    repo.publish(repos, QStringLiteral("bench.git"));
    const QString password = QUuid::createUuid().toString(QUuid::Id128);
    GitHttpServer server;
    QStringList options { QStringLiteral("--allow-unadvertised") };
    if (bytesPerSecond > 0)
        options << QStringLiteral("--trickle-bytes-per-second") << QString::number(bytesPerSecond);
    if (!server.start(repos, password, options)) {
        out << "git: the test git server did not start" << Qt::endl;
        return;
    }
    GitCheckout::Request request;
    request.gitProgram = GitTool::program();
    request.scratchHome = dir.filePath(QStringLiteral("scratch"));
    QDir().mkpath(request.scratchHome);
    request.source.url = server.url(QStringLiteral("bench.git"));
    request.source.commit = commit;
    request.source.credential = GitCredential { GitCredential::Kind::HttpBasic, GitHttpServer::User, password };
    request.cacheRoot = dir.filePath(QStringLiteral("cache"));
    request.mirror = request.cacheRoot + QStringLiteral("/bench");
    bool ok = false;
    bool cached = false;
    request.directory = dir.filePath(QStringLiteral("cold"));
    const qint64 cold = materialise(request, &ok, &cached);
    const bool coldOk = ok && !cached;
    request.directory = dir.filePath(QStringLiteral("warm"));
    const qint64 warm = materialise(request, &ok, &cached);
    out << QStringLiteral("git materialisation, %1 files, 10 commits, server at %7: cold %2 ms, warm %3 ms (from the "
                          "mirror: %4), warm/cold %5 (target <= 0.2)%6%8")
               .arg(files)
               .arg(cold)
               .arg(warm)
               .arg(cached ? QStringLiteral("yes") : QStringLiteral("no"))
               .arg(double(warm) / double(std::max<qint64>(1, cold)), 0, 'f', 3)
               .arg(coldOk && ok ? QString() : QStringLiteral(" FAILED"))
               .arg(bytesPerSecond > 0 ? QStringLiteral("%1 Mbit/s").arg(bytesPerSecond * 8 / 1000000)
                                       : QStringLiteral("loopback speed"))
               .arg(dir.path().startsWith(QLatin1String("/dev/shm")) ? QStringLiteral(", in /dev/shm") : QString())
        << Qt::endl;
}
