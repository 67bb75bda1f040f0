// Snapshot and restore of a large workspace (issue 23) beside tar of the same tree in the same run:
// `files` files of `totalBytes` in all (incompressible, 100 per directory), taken into a fresh
// SnapshotStore and restored from it, against `tar -cf` and `tar -xf` (each also with the sync that
// a snapshot does before its record is written). Then one file changed and a second snapshot: the
// store's growth. Goals: snapshot <= 1.5 x tar; the second snapshot <= 1 % of the first.
#include <runnercore/base/Clock.h>
#include <runnercore/workspace/FileTree.h>
#include <runnercore/workspace/SnapshotStore.h>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTextStream>

#include <fcntl.h>
#include <unistd.h>

using namespace runnercore;

namespace {

UniqueFd openDir(const QString &path)
{
    return UniqueFd(::open(QFile::encodeName(path).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
}

qint64 timed(const std::function<bool()> &work, bool *ok)
{
    QElapsedTimer clock;
    clock.start();
    *ok = work() && *ok;
    return clock.elapsed();
}

bool run(const QString &program, const QStringList &args)
{
    QProcess p;
    p.start(program, args);
    return p.waitForFinished(-1) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

bool syncFileSystem(const QString &path)
{
    const UniqueFd fd = openDir(path);
    return fd.valid() && ::syncfs(fd.get()) == 0;
}

} // namespace

void snapshotBench(int files, qint64 totalBytes)
{
    QTextStream out(stdout);
    QTemporaryDir dir;
    const QString ws = dir.filePath(QStringLiteral("ws"));
    const qint64 fileBytes = totalBytes / files;
    QRandomGenerator generator(42);
    QByteArray content(fileBytes, Qt::Uninitialized);
    for (int i = 0; i < files; ++i) {
        const QString sub = QStringLiteral("%1/d%2").arg(ws).arg(i / 100);
        if (i % 100 == 0)
            QDir().mkpath(sub);
        generator.fillRange(reinterpret_cast<quint32 *>(content.data()), content.size() / 4);
        QFile f(QStringLiteral("%1/f%2.bin").arg(sub).arg(i));
        if (!f.open(QIODevice::WriteOnly) || f.write(content) != content.size()) {
            out << "snapshot: cannot write the workspace" << Qt::endl;
            return;
        }
    }
    syncFileSystem(ws);
    const SystemClock clock;
    bool ok = true;
    // Each measured twice, alternating, the better of the two kept (the page cache warms alike).
    qint64 tarMs = -1, tarSyncMs = -1, snapMs = -1, untarMs = -1, restoreMs = -1;
    QString firstId;
    for (int round = 0; round < 2; ++round) {
        const QString tarFile = dir.filePath(QStringLiteral("ws%1.tar").arg(round));
        const qint64 tar = timed(
            [&] {
                return run(QStringLiteral("tar"),
                    { QStringLiteral("-cf"), tarFile, QStringLiteral("-C"), ws, QStringLiteral(".") });
            },
            &ok);
        const qint64 tarSync = tar + timed([&] { return syncFileSystem(ws); }, &ok);
        const SnapshotStore store(dir.filePath(QStringLiteral("store%1").arg(round)), clock);
        SnapshotStore::Result taken;
        const qint64 snap = timed(
            [&] {
                const UniqueFd fd = openDir(ws);
                taken = store.take(fd.get(), SnapshotStore::TakeRequest());
                return taken.ok;
            },
            &ok);
        const QString untarDir = dir.filePath(QStringLiteral("untar%1").arg(round));
        QDir().mkpath(untarDir);
        const qint64 untar = timed(
            [&] {
                return run(QStringLiteral("tar"), { QStringLiteral("-xf"), tarFile, QStringLiteral("-C"), untarDir })
                    && syncFileSystem(untarDir);
            },
            &ok);
        const QString restoreDir = dir.filePath(QStringLiteral("restored%1").arg(round));
        QDir().mkpath(restoreDir);
        const qint64 restore = timed(
            [&] {
                const UniqueFd fd = openDir(restoreDir);
                QString message;
                return store.restore(taken.info.id, taken.info.digest, fd.get(), &message)
                    == SnapshotStore::Restore::Restored
                    && syncFileSystem(restoreDir);
            },
            &ok);
        const auto better = [](qint64 kept, qint64 now) { return kept < 0 ? now : std::min(kept, now); };
        tarMs = better(tarMs, tar);
        tarSyncMs = better(tarSyncMs, tarSync);
        snapMs = better(snapMs, snap);
        untarMs = better(untarMs, untar);
        restoreMs = better(restoreMs, restore);
        if (round == 0)
            firstId = taken.info.id;
        QDir(untarDir).removeRecursively();
        QDir(restoreDir).removeRecursively();
        QFile::remove(tarFile);
    }
    // One file changed, snapshotted again into the first store.
    const SnapshotStore store(dir.filePath(QStringLiteral("store0")), clock);
    const qint64 before = store.totalBytes();
    generator.fillRange(reinterpret_cast<quint32 *>(content.data()), content.size() / 4);
    QFile changed(ws + QStringLiteral("/d0/f0.bin"));
    ok = changed.open(QIODevice::WriteOnly) && changed.write(content) == content.size() && ok;
    changed.close();
    SnapshotStore::Result second;
    const qint64 secondMs = timed(
        [&] {
            const UniqueFd fd = openDir(ws);
            second = store.take(fd.get(), SnapshotStore::TakeRequest());
            return second.ok;
        },
        &ok);
    const qint64 growth = store.totalBytes() - before;
    out << QStringLiteral("snapshot: %1 files, %2 MiB%3\n"
                          "  take     %4 ms   tar -cf %5 ms (+sync %6 ms)   ratio %7 (goal <= 1.5 x tar)\n"
                          "  restore  %8 ms   tar -xf +sync %9 ms\n"
                          "  second snapshot, one file changed: %10 ms, store grew %11 KiB = %12 % of the first "
                          "%13 MiB (goal <= 1 %)")
               .arg(files)
               .arg(totalBytes / (1024 * 1024))
               .arg(ok ? QString() : QStringLiteral(" (A STEP FAILED)"))
               .arg(snapMs)
               .arg(tarMs)
               .arg(tarSyncMs)
               .arg(double(snapMs) / double(std::max<qint64>(tarSyncMs, 1)), 0, 'f', 2)
               .arg(restoreMs)
               .arg(untarMs)
               .arg(secondMs)
               .arg(growth / 1024)
               .arg(100.0 * double(growth) / double(std::max<qint64>(before, 1)), 0, 'f', 3)
               .arg(double(before) / (1024 * 1024), 0, 'f', 1)
        << Qt::endl;
}
