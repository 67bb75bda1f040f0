// The protocol's numbers the core and the devplane each spell as their own constants (version,
// size limits, batch rules, timings), read from the protocol document itself
// (../shared/protocol/runner-wire-v1.md; CHECKFU_WIRE_PROTOCOL_DOC) and compared with both sides.
// A change of the document, or of one side alone, fails here.
#include <runnercore/identity/WorkloadIdentity.h>
#include <runnercore/model/OutputChunker.h>
#include <runnercore/transport/ApiClient.h>
#include <runnercore/transport/Backoff.h>
#include <runnercore/work/ClaimLoop.h>
#include <runnercore/work/ObservationPipeline.h>

#include <devplane/DevPlaneSettings.h>
#include <devplane/ProtocolLimits.h>
#include <devplane/WireFormat.h>

#include <QFile>
#include <QRegularExpression>
#include <QTest>

#include <optional>

using namespace runnercore;

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * 1024;
} // namespace

class TestProtocolConstants : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QFile file(QStringLiteral(CHECKFU_WIRE_PROTOCOL_DOC));
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName() + QStringLiteral(" cannot be read")));
        // Markdown wraps sentences anywhere: match on the text with every run of white space one space.
        m_text = QString::fromUtf8(file.readAll()).simplified();
        QVERIFY(!m_text.isEmpty());
    }

    void version()
    {
        const auto title = find(QStringLiteral(R"(^# Checkfu Runner wire protocol, version (\d{4}-\d{2}-\d{2}))"));
        QVERIFY2(title, "no version in the document's title");
        const auto header = find(QStringLiteral(R"(`Checkfu-Version: (\d{4}-\d{2}-\d{2})`)"));
        QVERIFY2(header, "no Checkfu-Version header in §1");
        QCOMPARE(*header, *title);
        QCOMPARE(QString::fromLatin1(ApiClient::ProtocolVersion), *title);
        QCOMPARE(QString::fromLatin1(devplane::WireFormat::apiVersion), *title);
    }

    void bodySizes()
    {
        // §1: requests (the devplane refuses larger ones) and responses (the Runner refuses larger ones).
        const auto request = number(QStringLiteral(R"(Request bodies are at most (\d+) MiB)"));
        QVERIFY2(request, "§1's request body limit not found");
        QCOMPARE(devplane::ProtocolLimits::maxBodyBytes, *request * MiB);
        const auto response = number(QStringLiteral(R"(or is larger than (\d+) MiB)"));
        QVERIFY2(response, "§1's response body limit not found");
        QCOMPARE(ApiClient::MaxResponseBytes, *response * MiB);
    }

    void observationBatches()
    {
        // §6.3: "at most 512 events and 1 MiB of body": the devplane's limits exactly; the Runner
        // fills its batches to at most that (it leaves room for the envelope).
        const auto events = number(QStringLiteral(R"(Batches: at most (\d+) events and \d+ MiB of body)"));
        const auto bytes = number(QStringLiteral(R"(Batches: at most \d+ events and (\d+) MiB of body)"));
        QVERIFY2(events && bytes, "§6.3's batch limits not found");
        QCOMPARE(devplane::ProtocolLimits::maxBatchEvents, *events);
        QCOMPARE(devplane::ProtocolLimits::maxBatchBytes, *bytes * MiB);
        QCOMPARE(qint64(ObservationPipeline::MaxBatchEvents), *events);
        QVERIFY(ObservationPipeline::MaxBatchBytes <= *bytes * MiB);
        QVERIFY(ObservationPipeline::MaxBatchBytes > *bytes * MiB - 64 * KiB);

        const auto flush = number(QStringLiteral(R"(flushes at least every (\d+) ms)"));
        QVERIFY2(flush, "§6.3's flush interval not found");
        QVERIFY(ObservationPipeline::FlushIntervalMs <= *flush);

        const auto event = number(QStringLiteral(R"(No single event may exceed (\d+) MiB)"));
        QVERIFY2(event, "§6.3's event limit not found");
        QVERIFY(ObservationPipeline::MaxEventBytes <= *event * MiB);
        QVERIFY(ObservationPipeline::MaxEventBytes < ObservationPipeline::MaxBatchBytes);

        const auto text = number(QStringLiteral(R"(UTF-8, at most (\d+) KiB per event)"));
        QVERIFY2(text, "§6.3's output text limit not found");
        QCOMPARE(qint64(OutputChunker::MaxPieceBytes), *text * KiB);

        const auto zdr = number(QStringLiteral(R"(memory buffer \(default (\d+) MiB\))"));
        QVERIFY2(zdr, "§6.3's ZDR buffer default not found");
        QCOMPARE(ObservationPipeline::DefaultZdrBufferBytes, *zdr * MiB);
    }

    void claimWait()
    {
        // §6.1: wait_seconds 0–60; the devplane accepts exactly that range, the Runner asks within it.
        const auto most = number(QStringLiteral(R"(`wait_seconds` \(0\x{2013}(\d+);)"));
        QVERIFY2(most, "§6.1's wait_seconds range not found");
        QCOMPARE(devplane::ProtocolLimits::maxWaitSeconds, *most);
        QVERIFY(ClaimLoop::WaitSeconds >= 0 && ClaimLoop::WaitSeconds <= *most);
    }

    void mcpAnswerWindow()
    {
        // §6.10: the plane answers within a relayed call what it can answer within 25 s; the
        // devplane's default answer window is exactly that.
        const auto window = number(QStringLiteral(R"(what it can answer within (\d+) s)"));
        QVERIFY2(window, "§6.10's answer window not found");
        QCOMPARE(qint64(devplane::DevPlaneSettings().mcpAnswerWindowMs), *window * 1000);
    }

    void retryPolicy()
    {
        // §1: exponential backoff starting at 1 s, cap 60 s.
        const auto start = number(QStringLiteral(R"(exponential backoff starting at (\d+) s)"));
        const auto cap = number(QStringLiteral(R"(exponential backoff starting at \d+ s, factor 2, cap (\d+) s)"));
        QVERIFY2(start && cap, "§1's retry policy not found");
        QCOMPARE(qint64(Backoff::BaseMs), *start * 1000);
        QCOMPARE(qint64(Backoff::CapMs), *cap * 1000);
    }

    void rotationOverlap()
    {
        // §3: the old token stays valid for 60 seconds after a rotation; the Runner keeps masking it
        // that long, and the devplane serves it that long by default.
        const auto overlap = number(QStringLiteral(R"(old token stays valid for (\d+) seconds)"));
        QVERIFY2(overlap, "§3's rotation overlap not found");
        QCOMPARE(WorkloadIdentity::RotationOverlapMs, *overlap * 1000);
        QCOMPARE(qint64(devplane::DevPlaneSettings().overlapSeconds), *overlap);
    }

private:
    // The first capture of the first match of `pattern` in the document.
    std::optional<QString> find(const QString &pattern) const
    {
        const QRegularExpressionMatch match = QRegularExpression(pattern).match(m_text);
        if (!match.hasMatch())
            return std::nullopt;
        return match.captured(1);
    }

    std::optional<qint64> number(const QString &pattern) const
    {
        const auto text = find(pattern);
        bool ok = false;
        const qint64 value = text ? text->toLongLong(&ok) : 0;
        if (!ok)
            return std::nullopt;
        return value;
    }

    QString m_text;
};

QTEST_GUILESS_MAIN(TestProtocolConstants)
#include "tst_protocolconstants.moc"
