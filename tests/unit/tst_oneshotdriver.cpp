// checkfu:oneshot-v1@1 (§6.2, §6.3): the prompt on stdin then EOF, output as ≤ 64 KiB UTF-8 events,
// the exit reported once, launch failures reported as such.
#include <runnercore/harness/OneshotDriver.h>
#include <runnercore/logging/SecretMasker.h>
#include <runnercore/model/OutputChunker.h>
#include <runnercore/model/RunSpec.h>
#include <runnercore/sandbox/HostProcessProvider.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace runnercore;

namespace {
RunSpec makeSpec(const QStringList &argv, const QJsonArray &prompt = {}, const QList<RunFile> &files = {})
{
    RunSpec spec;
    spec.tier = SandboxTier::HostProcess;
    spec.network = NetworkPolicy::Unrestricted;
    spec.retention = RetentionMode::EphemeralZdr;
    spec.driver = QStringLiteral("checkfu:oneshot-v1@1");
    spec.launchKind = QStringLiteral("process");
    spec.argv = argv;
    spec.prompt = prompt;
    if (!files.isEmpty())
        spec.mounts.append(RunMount { QStringLiteral("uploaded_project"), QStringLiteral("/workspace"), files });
    return spec;
}

QJsonObject textBlock(const QString &text)
{
    return QJsonObject { { QStringLiteral("type"), QStringLiteral("text") }, { QStringLiteral("text"), text } };
}

struct Event
{
    QString kind;
    QJsonObject data;
};

struct Result
{
    QList<Event> events;
    int activity = 0;
    int finishedCount = 0;
    int exitCode = -2;
    int signalNumber = -2;
    QString launchError;

    QString text(const QString &kind) const
    {
        QString all;
        for (const Event &e : events) {
            if (e.kind == kind)
                all += e.data.value(QStringLiteral("text")).toString();
        }
        return all;
    }
    QList<Event> ofKind(const QString &kind) const
    {
        QList<Event> list;
        for (const Event &e : events) {
            if (e.kind == kind)
                list.append(e);
        }
        return list;
    }
};

class Fixture
{
public:
    Fixture() : m_provider(m_tmp.path() + QStringLiteral("/runs")) { }

    // Prepares, launches and drives one run to its end; the driver must report finished exactly once.
    Result run(const RunSpec &spec, int timeoutMs = 30000)
    {
        Result r;
        const QString runId = QStringLiteral("run_%1").arg(++m_counter);
        QString error;
        if (!m_provider.prepare(runId, spec, &error)) {
            r.launchError = QStringLiteral("prepare: ") + error;
            return r;
        }
        OneshotDriver driver;
        driver.setSecretMasker(masker);
        std::unique_ptr<SandboxedProcess> process = m_provider.launch(runId, spec, nullptr);
        QObject::connect(&driver, &HarnessDriver::event, &driver, [&](const QString &kind, const QJsonObject &data) {
            r.events.append({ kind, data });
        });
        QObject::connect(&driver, &HarnessDriver::activity, &driver, [&] { ++r.activity; });
        QObject::connect(
            &driver, &HarnessDriver::finished, &driver, [&](int code, int sig, const QString &launchError) {
                ++r.finishedCount;
                r.exitCode = code;
                r.signalNumber = sig;
                r.launchError = launchError;
            });
        driver.start(process.get(), spec, HarnessContext {});
        QElapsedTimer timer;
        timer.start();
        while (r.finishedCount == 0 && timer.elapsed() < timeoutMs)
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
        QCoreApplication::processEvents(); // nothing more may arrive after finished
        m_provider.teardown(runId);
        return r;
    }

    const SecretMasker *masker = nullptr;

private:
    QTemporaryDir m_tmp;
    HostProcessProvider m_provider;
    int m_counter = 0;
};
} // namespace

class TestOneshotDriver : public QObject
{
    Q_OBJECT
private slots:
    void identifiesItself()
    {
        OneshotDriver driver;
        QCOMPARE(driver.id(), QStringLiteral("checkfu:oneshot-v1@1"));
        QSignalSpy watch(&driver, &HarnessDriver::idleWatch);
        // Nothing to wind down: the supervisor terminates the process at once.
        QCOMPARE(driver.interrupt(QStringLiteral("cancel_requested")), 0);
        QCOMPARE(watch.size(), 1);
        QCOMPARE(watch.at(0).at(0).toBool(), false);
    }

    void promptGoesToStdinAndComesBackInOrder()
    {
        Fixture f;
        const QString first = QStringLiteral("Fix the flaky test ✓");
        const QString second = QStringLiteral("Line two\nwith a newline");
        const QJsonArray prompt { textBlock(first), QJsonObject { { QStringLiteral("type"), QStringLiteral("image") } },
            textBlock(second) };
        const Result r = f.run(makeSpec({ QStringLiteral("cat") }, prompt));
        QCOMPARE(r.finishedCount, 1);
        QCOMPARE(r.launchError, QString());
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.signalNumber, 0);
        QCOMPARE(r.text(QStringLiteral("output.stdout")), first + QStringLiteral("\n\n") + second);
        QVERIFY(r.activity > 0);
        QVERIFY(r.ofKind(QStringLiteral("run.warning")).isEmpty());
    }

    void largePromptIsStreamedInOrder()
    {
        // More than a pipe holds: stdin must be written as cat drains it, output must keep its order.
        Fixture f;
        QString big;
        for (int i = 0; i < 40000; ++i)
            big += QStringLiteral("line %1 — ü\n").arg(i, 6, 10, QLatin1Char('0'));
        const Result r = f.run(makeSpec({ QStringLiteral("cat") }, { textBlock(big) }));
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.text(QStringLiteral("output.stdout")), big);
        for (const Event &e : r.ofKind(QStringLiteral("output.stdout")))
            QVERIFY(e.data.value(QStringLiteral("text")).toString().toUtf8().size() <= 64 * 1024);
    }

    void secretWrittenInTwoPiecesIsMasked()
    {
        // §6.7: the halves arrive in different reads (the pause outlasts the hold-back), yet the
        // stream reads as if the secret had been written at once.
        SecretMasker secrets;
        const QString secret = QStringLiteral("cursor-key-canary-0123456789abcdef");
        secrets.addSecret(secret);
        Fixture f;
        f.masker = &secrets;
        const Result r = f.run(makeSpec({ QStringLiteral("/bin/sh"), QStringLiteral("-c"),
            QStringLiteral("printf 'a %s' \"$1\"; sleep 0.3; printf '%s b\\n' \"$2\"; "
                           "printf '%s' \"$1\" >&2; sleep 0.3; printf '%s\\n' \"$2\" >&2"),
            QStringLiteral("sh"), secret.left(14), secret.mid(14) }));
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.text(QStringLiteral("output.stdout")), QStringLiteral("a *** b\n"));
        QCOMPARE(r.text(QStringLiteral("output.stderr")), QStringLiteral("***\n"));
    }

    void outputWithoutSecretsIsUnchangedUnderAMasker()
    {
        SecretMasker secrets;
        secrets.addSecret(QStringLiteral("cursor-key-canary-0123456789abcdef"));
        Fixture f;
        f.masker = &secrets;
        QString big;
        for (int i = 0; i < 20000; ++i)
            big += QStringLiteral("cur %1 cursor-key — ü c\n").arg(i, 6, 10, QLatin1Char('0'));
        const Result r = f.run(makeSpec({ QStringLiteral("cat") }, { textBlock(big) }));
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.text(QStringLiteral("output.stdout")), big);
    }

    void stderrIsSeparateAndExitCodeReported()
    {
        Fixture f;
        const Result r = f.run(makeSpec({ QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                                            QStringLiteral("cat >/dev/null; echo to-out; echo to-err >&2; exit 7") },
            { textBlock(QStringLiteral("ignored")) }));
        QCOMPARE(r.finishedCount, 1);
        QCOMPARE(r.exitCode, 7);
        QCOMPARE(r.signalNumber, 0);
        QCOMPARE(r.text(QStringLiteral("output.stdout")), QStringLiteral("to-out\n"));
        QCOMPARE(r.text(QStringLiteral("output.stderr")), QStringLiteral("to-err\n"));
    }

    void emptyPromptStillGivesEndOfFile()
    {
        Fixture f;
        const Result r = f.run(makeSpec(
            { QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("n=$(wc -c); echo \"got $n\"") }));
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.text(QStringLiteral("output.stdout")), QStringLiteral("got 0\n"));
    }

    void signalIsReported()
    {
        Fixture f;
        const Result r
            = f.run(makeSpec({ QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("kill -TERM $$") }));
        QCOMPARE(r.finishedCount, 1);
        QCOMPARE(r.exitCode, -1);
        QCOMPARE(r.signalNumber, int(SIGTERM));
    }

    void missingProgramIsALaunchError()
    {
        Fixture f;
        const Result r = f.run(makeSpec({ QStringLiteral("/no/such/harness") }, { textBlock(QStringLiteral("x")) }));
        QCOMPARE(r.finishedCount, 1);
        QCOMPARE(r.exitCode, -1);
        QCOMPARE(r.signalNumber, 0);
        QVERIFY(r.launchError.contains(QStringLiteral("/no/such/harness")));
        QVERIFY(r.events.isEmpty());
    }

    void everyByteOfMixedOutputIsAccountedFor()
    {
        // 1 MiB of valid multi-byte text with isolated invalid bytes: each invalid byte becomes one
        // U+FFFD, everything else comes through unchanged, in ≤ 64 KiB events, with one warning.
        QRandomGenerator rng(42);
        const QList<QByteArray> valid { "a", "Z\n", "\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80", "\xE4\xB8\xAD" };
        const QList<QByteArray> invalid { "\xFF", "\xFE", "\x80", "\xC0", "\xF8" };
        QByteArray bytes;
        QString expected;
        int invalidCount = 0;
        while (bytes.size() < 1024 * 1024) {
            if (rng.bounded(20) == 0) {
                bytes += invalid.at(rng.bounded(int(invalid.size())));
                expected += QChar(0xFFFD);
                ++invalidCount;
            } else {
                const QByteArray &v = valid.at(rng.bounded(int(valid.size())));
                bytes += v;
                expected += QString::fromUtf8(v);
            }
        }
        bytes += "\xE2\x82"; // ends inside a character: flushed as U+FFFD at EOF
        expected += QChar(0xFFFD);
        Fixture f;
        const Result r = f.run(makeSpec(
            { QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("cat data.bin; cat data.bin >&2") }, {},
            { { QStringLiteral("data.bin"), bytes } }));
        QCOMPARE(r.exitCode, 0);
        QVERIFY(invalidCount > 1000);
        const QString out = r.text(QStringLiteral("output.stdout"));
        QCOMPARE(out.size(), expected.size());
        QVERIFY(out == expected);
        QVERIFY(r.text(QStringLiteral("output.stderr")) == expected);
        for (const Event &e : r.events) {
            if (e.kind.startsWith(QLatin1String("output.")))
                QVERIFY(
                    e.data.value(QStringLiteral("text")).toString().toUtf8().size() <= OutputChunker::MaxPieceBytes);
        }
        const QList<Event> warnings = r.ofKind(QStringLiteral("run.warning"));
        QCOMPARE(warnings.size(), 2); // once per stream, however many bytes were replaced
        for (const Event &w : warnings) {
            QCOMPARE(w.data.value(QStringLiteral("kind")).toString(), QStringLiteral("invalid_utf8"));
            QVERIFY(!w.data.value(QStringLiteral("message")).toString().isEmpty());
        }
    }
};

QTEST_GUILESS_MAIN(TestOneshotDriver)
#include "tst_oneshotdriver.moc"
