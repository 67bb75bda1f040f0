#include "SnapshotsCommand.h"

#include <runnercore/base/QuotedPath.h>
#include <runnercore/runner/RunnerState.h>
#include <runnercore/workspace/SnapshotDiff.h>
#include <runnercore/workspace/SnapshotExport.h>
#include <runnercore/workspace/SnapshotStore.h>

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>

using namespace runnercore;

namespace {

QString mib(qint64 bytes)
{
    return QString::number(double(bytes) / (1024 * 1024), 'f', 1);
}

// JSON as QJsonDocument writes it escapes C0 controls in strings (a raw one is its own line
// break); DEL, C1 controls and format characters (bidi) of a title go out raw. Written as \uXXXX
// too, a script reads the same strings and a terminal the output is printed on acts on none of them.
QByteArray terminalSafe(const QByteArray &json)
{
    const QString text = QString::fromUtf8(json);
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size();) {
        const bool pair = text.at(i).isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate();
        const char32_t c = pair ? QChar::surrogateToUcs4(text.at(i), text.at(i + 1)) : text.at(i).unicode();
        const qsizetype end = i + (pair ? 2 : 1);
        for (; i < end; ++i) {
            if (c >= 0x7f && QuotedPath::isDisplayControl(c))
                out += QStringLiteral("\\u%1").arg(text.at(i).unicode(), 4, 16, QLatin1Char('0'));
            else
                out += text.at(i);
        }
    }
    return out.toUtf8();
}

} // namespace

SnapshotsCommand::SnapshotsCommand(const SnapshotStore &store, QTextStream &out, QTextStream &err)
    : m_store(store), m_out(out), m_err(err)
{ }

int SnapshotsCommand::run(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Workspaces kept on this machine (runs with snapshot.on_settle). They never leave it; the control plane "
           "only knows their ids and digests. Kept for %1 days, at most %2 MiB in all, the oldest removed first.")
            .arg(m_store.limits().maxAgeSeconds / 86400)
            .arg(m_store.limits().maxBytes / (1024 * 1024)));
    parser.addHelpOption();
    parser.addOption(QCommandLineOption(QStringLiteral("json"), tr("list: one JSON array, for scripts")));
    parser.addPositionalArgument(
        QStringLiteral("action"), tr("list (the default), show ID, diff ID, export ID DIR, rm ID, prune or verify"));
    parser.process(args);
    const QStringList positional = parser.positionalArguments();
    const QString action = positional.isEmpty() ? QStringLiteral("list") : positional.first();
    const auto needs = [&](int count) {
        if (positional.size() == count + 1)
            return true;
        m_err << tr("checkfu-runner snapshots %1: expected %n argument(s); see --help", nullptr, count).arg(action)
              << Qt::endl;
        return false;
    };
    if (action == QLatin1String("list"))
        return needs(0) ? list(parser.isSet(QStringLiteral("json"))) : int(RunnerExit::Usage);
    if (action == QLatin1String("show"))
        return needs(1) ? show(positional.at(1)) : int(RunnerExit::Usage);
    if (action == QLatin1String("diff"))
        return needs(1) ? diff(positional.at(1)) : int(RunnerExit::Usage);
    if (action == QLatin1String("export"))
        return needs(2) ? exportTo(positional.at(1), positional.at(2)) : int(RunnerExit::Usage);
    if (action == QLatin1String("rm"))
        return needs(1) ? remove(positional.at(1)) : int(RunnerExit::Usage);
    if (action == QLatin1String("prune"))
        return needs(0) ? prune() : int(RunnerExit::Usage);
    if (action == QLatin1String("verify"))
        return needs(0) ? verify() : int(RunnerExit::Usage);
    m_err << tr("checkfu-runner snapshots: unknown action '%1'; use list, show, diff, export, rm, prune or verify")
                 .arg(action)
          << Qt::endl;
    return int(RunnerExit::Usage);
}

bool SnapshotsCommand::known(const QString &id)
{
    if (m_store.find(id))
        return true;
    m_err << tr("checkfu-runner snapshots: this machine holds no snapshot '%1' (see snapshots list)").arg(id.left(80))
          << Qt::endl;
    return false;
}

int SnapshotsCommand::list(bool json)
{
    const QList<SnapshotStore::Info> all = m_store.list();
    if (json) {
        QJsonArray array;
        for (const SnapshotStore::Info &info : all)
            array.append(info.toJson());
        m_out << terminalSafe(QJsonDocument(array).toJson(QJsonDocument::Indented));
        m_out.flush();
        return 0;
    }
    for (const SnapshotStore::Info &info : all) {
        m_out << QStringLiteral("%1  %2  %3 MiB  +%4 ~%5 -%6  %7")
                     .arg(info.id, info.createdAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")))
                     .arg(mib(info.bytes))
                     .arg(info.changes.added)
                     .arg(info.changes.modified)
                     .arg(info.changes.deleted)
                     .arg(QuotedPath::quote(info.title))
              << Qt::endl;
    }
    m_out << tr("%n snapshot(s), %1 MiB in %2 (kept %3 days, at most %4 MiB)", nullptr, int(all.size()))
                 .arg(mib(m_store.totalBytes()), m_store.root())
                 .arg(m_store.limits().maxAgeSeconds / 86400)
                 .arg(m_store.limits().maxBytes / (1024 * 1024))
          << Qt::endl;
    return 0;
}

int SnapshotsCommand::show(const QString &id)
{
    if (!known(id))
        return 1;
    const SnapshotStore::Info info = *m_store.find(id);
    m_out << tr("Snapshot %1").arg(info.id) << Qt::endl;
    // The record is on disk, where a host-process harness (the same user) could have written: every
    // field read from it is shown quoted, as the paths are.
    m_out << tr("  digest:   %1").arg(QuotedPath::quote(info.digest)) << Qt::endl;
    m_out << tr("  run:      %1 (%2)").arg(QuotedPath::quote(info.runId), QuotedPath::quote(info.title)) << Qt::endl;
    m_out << tr("  taken:    %1").arg(info.createdAt.toLocalTime().toString(Qt::ISODate)) << Qt::endl;
    m_out << tr("  expires:  %1").arg(info.expiresAt.toLocalTime().toString(Qt::ISODate)) << Qt::endl;
    m_out << tr("  files:    %1 (%2 bytes)").arg(info.files).arg(info.bytes) << Qt::endl;
    if (!info.baseCommit.isEmpty())
        m_out << tr("  base:     git %1").arg(QuotedPath::quote(info.baseCommit)) << Qt::endl;
    m_out << tr("  changes:  %1 added, %2 modified, %3 deleted")
                 .arg(info.changes.added)
                 .arg(info.changes.modified)
                 .arg(info.changes.deleted)
          << Qt::endl;
    const std::optional<SnapshotManifest> after = m_store.manifest(id);
    const SnapshotManifest before = m_store.baseline(id).value_or(SnapshotManifest());
    if (!after)
        return 1;
    // The harness chose the names: quoted as git quotes them, never a raw control or bidi character.
    const SnapshotManifest::ChangedPaths paths = SnapshotManifest::changedPaths(before, *after);
    for (const QByteArray &p : paths.added)
        m_out << QStringLiteral("A  ") << QuotedPath::quote(p) << Qt::endl;
    for (const QByteArray &p : paths.modified)
        m_out << QStringLiteral("M  ") << QuotedPath::quote(p) << Qt::endl;
    for (const QByteArray &p : paths.deleted)
        m_out << QStringLiteral("D  ") << QuotedPath::quote(p) << Qt::endl;
    return 0;
}

int SnapshotsCommand::diff(const QString &id)
{
    if (!known(id))
        return 1;
    QString error;
    const std::unique_ptr<SnapshotDiff> diff = SnapshotDiff::open(m_store, id, &error);
    if (!diff) {
        m_err << tr("checkfu-runner snapshots diff: %1").arg(error) << Qt::endl;
        return 1;
    }
    // Said before the patch, so that nobody takes a patch without them for the whole change.
    for (const SnapshotDiff::File &file : diff->files()) {
        if (file.leftOut != SnapshotDiff::File::LeftOut::No)
            m_err << tr("checkfu-runner snapshots diff: %1: left out, %2")
                         .arg(QuotedPath::quote(file.path), SnapshotDiff::whyLeftOut(file.leftOut))
                  << Qt::endl;
    }
    if (diff->leftOutCount() > 0)
        m_err << tr("checkfu-runner snapshots diff: %1 `checkfu-runner snapshots export %2 DIR` writes every file.")
                     .arg(diff->leftOutSummary(), id)
              << Qt::endl;
    m_out.flush();
    QIODevice *device = m_out.device();
    // As git writes it, bytes as they are (a file's content need not be UTF-8): never held whole.
    const bool streamed = diff->streamPatch(
        false,
        [&](const char *data, qint64 size) {
            if (device)
                return device->write(data, size) == size;
            m_out << QString::fromUtf8(data, size);
            return true;
        },
        &error);
    if (!streamed) {
        m_err << tr("checkfu-runner snapshots diff: %1").arg(error) << Qt::endl;
        return 1;
    }
    return 0;
}

int SnapshotsCommand::exportTo(const QString &id, const QString &directory)
{
    if (!known(id))
        return 1;
    const SnapshotExport::Outcome outcome = SnapshotExport::run(m_store, id, directory);
    switch (outcome.status) {
    case SnapshotExport::Outcome::Status::Exported:
        break;
    case SnapshotExport::Outcome::Status::TargetRefused:
        m_err << tr("checkfu-runner snapshots export: %1").arg(outcome.message) << Qt::endl;
        return int(RunnerExit::Usage);
    case SnapshotExport::Outcome::Status::Failed:
        m_err << tr("checkfu-runner snapshots export: %1").arg(outcome.message) << Qt::endl;
        return 1;
    }
    m_out << tr("Exported %1 to %2 (every file checked against its digest).").arg(id, directory) << Qt::endl;
    m_out << outcome.report.describe() << Qt::endl;
    return 0;
}

int SnapshotsCommand::remove(const QString &id)
{
    if (!known(id))
        return 1;
    m_store.remove(id);
    const SnapshotStore::PruneReport report = m_store.prune();
    m_out << tr("Removed %1; %2 MiB freed.").arg(id, mib(report.freedBytes)) << Qt::endl;
    return 0;
}

int SnapshotsCommand::prune()
{
    const SnapshotStore::PruneReport report = m_store.prune();
    m_out << tr("%1 expired and %2 over the size limit removed; %3 MiB freed.")
                 .arg(report.expired)
                 .arg(report.evicted)
                 .arg(mib(report.freedBytes))
          << Qt::endl;
    return 0;
}

int SnapshotsCommand::verify()
{
    int damaged = 0;
    const QList<SnapshotStore::Info> all = m_store.list();
    for (const SnapshotStore::Info &info : all) {
        QString problem;
        if (m_store.verify(info.id, &problem)) {
            m_out << tr("%1  ok").arg(info.id) << Qt::endl;
        } else {
            ++damaged;
            m_out
                << tr("%1  DAMAGED: %2 (it will never be restored; remove it with snapshots rm)").arg(info.id, problem)
                << Qt::endl;
        }
    }
    m_out << tr("%n snapshot(s) checked, %1 damaged.", nullptr, int(all.size())).arg(damaged) << Qt::endl;
    return damaged > 0 ? 1 : 0;
}
