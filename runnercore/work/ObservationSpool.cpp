#include <runnercore/work/ObservationSpool.h>

#include <runnercore/logging/Logging.h>

#include <QDir>
#include <QJsonDocument>
#include <QSaveFile>

#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

namespace runnercore {

namespace {

const HeldLogger logger("observations");

} // namespace

namespace {
constexpr QFileDevice::Permissions OwnerOnlyFile = QFileDevice::ReadOwner | QFileDevice::WriteOwner;
constexpr QFileDevice::Permissions OwnerOnlyDir
    = QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner;

bool makePrivateDir(const QString &path)
{
    if (!QDir().mkpath(path))
        return false;
    return QFile::setPermissions(path, OwnerOnlyDir);
}
} // namespace

ObservationSpool::ObservationSpool(const QString &root, const QString &runId) : m_dir(root + QLatin1Char('/') + runId)
{
    m_meta.runId = runId;
}

ObservationSpool::~ObservationSpool() = default;

QStringList ObservationSpool::runsIn(const QString &root)
{
    QStringList runs;
    const auto entries = QDir(root).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks);
    for (const QFileInfo &e : entries) {
        if (e.fileName().startsWith(QLatin1String("run_"))
            && QFileInfo::exists(e.filePath() + QStringLiteral("/meta.json")))
            runs << e.fileName();
    }
    return runs;
}

bool ObservationSpool::create(const Meta &meta, QString *error)
{
    m_meta = meta;
    const QString root = QFileInfo(m_dir).absolutePath();
    if (!makePrivateDir(root) || !makePrivateDir(m_dir)) {
        *error = QStringLiteral("cannot create the spool folder %1").arg(m_dir);
        return false;
    }
    if (!saveMeta()) {
        *error = QStringLiteral("cannot write %1/meta.json").arg(m_dir);
        return false;
    }
    return !m_meta.durable || openSegment(1);
}

bool ObservationSpool::saveMeta()
{
    QJsonObject o { { QStringLiteral("run_id"), m_meta.runId }, { QStringLiteral("claim_id"), m_meta.claimId },
        { QStringLiteral("session_id"), m_meta.sessionId }, { QStringLiteral("durable"), m_meta.durable },
        { QStringLiteral("lease_ttl_seconds"), m_meta.leaseTtlSeconds }, { QStringLiteral("last_seq"), m_meta.lastSeq },
        { QStringLiteral("acked_through"), m_meta.ackedThrough } };
    if (!m_meta.settleKey.isEmpty()) {
        o.insert(QStringLiteral("settle_key"), m_meta.settleKey);
        o.insert(QStringLiteral("settle_body"), m_meta.settleBody);
    }
    // Write and rename, without QSaveFile's fsync: a rename is atomic against a process crash,
    // which is what the spool guards against; sync() makes it durable at settlement.
    const QString path = m_dir + QStringLiteral("/meta.json");
    QFile f(path + QStringLiteral(".tmp"));
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    f.setPermissions(OwnerOnlyFile);
    const QByteArray bytes = QJsonDocument(o).toJson(QJsonDocument::Compact);
    if (f.write(bytes) != bytes.size())
        return false;
    f.close();
    return ::rename(QFile::encodeName(f.fileName()).constData(), QFile::encodeName(path).constData()) == 0;
}

bool ObservationSpool::openSegment(qint64 firstSeq)
{
    if (m_segment)
        m_segment->flush();
    const QString path = m_dir + QStringLiteral("/events-%1.jsonl").arg(firstSeq, 12, 10, QLatin1Char('0'));
    m_segment = std::make_unique<QFile>(path);
    if (!m_segment->open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered)) {
        logger->error("cannot open spool segment {}", path);
        m_segment.reset();
        return false;
    }
    m_segment->setPermissions(OwnerOnlyFile);
    m_segmentFirstSeq = firstSeq;
    m_segments.append({ firstSeq, path });
    return true;
}

bool ObservationSpool::append(const QByteArray &serializedEvent, qint64 seq)
{
    if (!m_meta.durable)
        return true;
    if (!m_segment || m_segment->size() >= SegmentBytes) {
        if (!openSegment(seq))
            return false;
    }
    QByteArray line = serializedEvent;
    line.append('\n');
    return m_segment->write(line) == line.size();
}

void ObservationSpool::sync()
{
    if (m_segment)
        ::fsync(m_segment->handle());
    const int meta = ::open(QFile::encodeName(m_dir + QStringLiteral("/meta.json")).constData(), O_RDONLY | O_CLOEXEC);
    if (meta >= 0) {
        ::fsync(meta);
        ::close(meta);
    }
}

void ObservationSpool::acknowledge(qint64 ackedThrough)
{
    m_meta.ackedThrough = std::max(m_meta.ackedThrough, ackedThrough);
    // A segment can go once the next one starts at or below the acknowledged seq + 1.
    while (m_segments.size() > 1 && m_segments[1].first <= m_meta.ackedThrough + 1) {
        QFile::remove(m_segments.first().second);
        m_segments.removeFirst();
    }
}

bool ObservationSpool::load(QString *error)
{
    QFile f(m_dir + QStringLiteral("/meta.json"));
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1").arg(f.fileName());
        return false;
    }
    const QJsonObject o = QJsonDocument::fromJson(f.read(1024 * 1024)).object();
    m_meta.claimId = o.value(QLatin1String("claim_id")).toString();
    m_meta.sessionId = o.value(QLatin1String("session_id")).toString();
    m_meta.durable = o.value(QLatin1String("durable")).toBool(true);
    m_meta.leaseTtlSeconds = o.value(QLatin1String("lease_ttl_seconds")).toInt(60);
    m_meta.lastSeq = o.value(QLatin1String("last_seq")).toInteger();
    m_meta.ackedThrough = o.value(QLatin1String("acked_through")).toInteger();
    m_meta.settleKey = o.value(QLatin1String("settle_key")).toString();
    m_meta.settleBody = o.value(QLatin1String("settle_body")).toObject();
    if (m_meta.claimId.isEmpty()) {
        *error = QStringLiteral("%1 has no claim id").arg(f.fileName());
        return false;
    }
    // Sequence numbers are whole JSON numbers from 0 (§6.3): anything else is a damaged file, and
    // acked_through + 1 below must not overflow.
    constexpr qint64 MaxSeq = (qint64(1) << 53) - 1;
    if (m_meta.lastSeq < 0 || m_meta.lastSeq > MaxSeq || m_meta.ackedThrough < 0 || m_meta.ackedThrough > MaxSeq) {
        *error = QStringLiteral("%1 has a sequence counter out of range").arg(f.fileName());
        return false;
    }
    if (!m_meta.durable)
        return true;
    const auto files = QDir(m_dir).entryInfoList({ QStringLiteral("events-*.jsonl") }, QDir::Files, QDir::Name);
    qint64 expected = m_meta.ackedThrough + 1;
    for (const QFileInfo &fi : files) {
        m_segments.append({ fi.baseName().mid(7).toLongLong(), fi.filePath() });
        QFile seg(fi.filePath());
        if (!seg.open(QIODevice::ReadOnly))
            continue;
        while (!seg.atEnd()) {
            const QByteArray line = seg.readLine().trimmed();
            if (line.isEmpty())
                continue;
            const QJsonObject event = QJsonDocument::fromJson(line).object();
            const qint64 seq = event.value(QLatin1String("seq")).toInteger();
            // A torn last line (crash mid-write) fails to parse and ends the run's history here.
            if (event.isEmpty())
                break;
            if (seq == expected) {
                m_recovered.append(line);
                ++expected;
            }
        }
    }
    // What the segments hold is the truth for a durable run: meta.json is saved lazily.
    m_meta.lastSeq = expected - 1;
    return true;
}

void ObservationSpool::remove()
{
    m_segment.reset();
    QDir(m_dir).removeRecursively();
}

} // namespace runnercore
