// ProcessHardening in this test process: a variable of the initial environment is wiped from the
// block /proc/self/environ shows (not only unset), its neighbours stay, and the process becomes
// non-dumpable (PR_GET_DUMPABLE read back).
#include <runnercore/runner/ProcessHardening.h>

#include <QFile>
#include <QTest>

#include <sys/prctl.h>

using namespace runnercore;

namespace {
QList<QByteArray> initialEntries()
{
    QFile f(QStringLiteral("/proc/self/environ"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QList<QByteArray> entries = f.readAll().split('\0');
    entries.removeAll(QByteArray());
    return entries;
}
} // namespace

class TestEnvironmentScrub : public QObject
{
    Q_OBJECT

private slots:
    void aVariableOfTheInitialBlockIsWipedNotOnlyUnset()
    {
        // Any variable this process started with that nothing here needs.
        const QList<QByteArray> before = initialEntries();
        QByteArray victim;
        for (const QByteArray &entry : before) {
            const QByteArray name = entry.left(entry.indexOf('='));
            if (!name.isEmpty() && !name.startsWith("QT") && !name.startsWith("LD_") && name != "PATH" && name != "HOME"
                && name != "TMPDIR" && name != "LANG" && !name.startsWith("LC_") && !name.startsWith("XDG_")
                && !name.startsWith("ASAN") && !name.startsWith("UBSAN") && !name.startsWith("LSAN")
                && qEnvironmentVariableIsSet(name.constData())) {
                victim = entry;
                break;
            }
        }
        QVERIFY2(!victim.isEmpty(), "the test process has no spare environment variable");
        const QByteArray name = victim.left(victim.indexOf('='));

        QCOMPARE(ProcessHardening::scrubEnvironment({ name, QByteArrayLiteral("CHECKFU_NOT_SET_ANYWHERE") }), 1);

        QVERIFY(!qEnvironmentVariableIsSet(name.constData()));
        const QList<QByteArray> after = initialEntries();
        for (const QByteArray &entry : after)
            QVERIFY2(!entry.startsWith(name + '='), entry.constData());
        // Everything else is as it was.
        QList<QByteArray> expected = before;
        expected.removeOne(victim);
        QCOMPARE(after, expected);
    }

    void theProcessBecomesNonDumpable()
    {
        QVERIFY(ProcessHardening::isDumpable());
        QString error;
        QVERIFY2(ProcessHardening::disableDumps(&error), qPrintable(error));
        QCOMPARE(::prctl(PR_GET_DUMPABLE, 0, 0, 0, 0), 0);
        QVERIFY(!ProcessHardening::isDumpable());
    }

    void theSecretsAreTheRunnersVariables()
    {
        QCOMPARE(ProcessHardening::secretVariables(),
            (QList<QByteArray> { QByteArrayLiteral("CHECKFU_PAIRING_CODE"), QByteArrayLiteral("CHECKFU_RUNNER_TOKEN"),
                QByteArrayLiteral("CURSOR_API_KEY") }));
    }

    // What /proc/<pid>/cmdline keeps of a command line: everything but the codes and links.
    void codesAndLinksAreHiddenFromTheCommandLine_data()
    {
        QTest::addColumn<QByteArrayList>("given");
        QTest::addColumn<QByteArrayList>("shown");
        const QByteArray hidden = ProcessHardening::HiddenArgument;
        const QByteArray code = "CFU-7K3M-Q9XD-2HFA";
        QTest::newRow("--code CODE") << QByteArrayList { "checkfu-runner", "start", "--code", code, "--slots", "2" }
                                     << QByteArrayList { "checkfu-runner", "start", "--code", hidden, "--slots", "2" };
        QTest::newRow("--code=CODE") << QByteArrayList { "checkfu-runner", "start", "--code=" + code }
                                     << QByteArrayList { "checkfu-runner", "start", "--code=" + hidden };
        QTest::newRow("--code - stays") << QByteArrayList { "checkfu-runner", "start", "--code", "-", "--code=-" }
                                        << QByteArrayList { "checkfu-runner", "start", "--code", "-", "--code=-" };
        QTest::newRow("a link") << QByteArrayList { "checkfu-tray", "--lang", "de",
            "checkfu://pair?code=" + code + "&endpoint=https%3A%2F%2Fcp.example" }
                                << QByteArrayList { "checkfu-tray", "--lang", "de", hidden };
        QTest::newRow("a link, any case")
            << QByteArrayList { "checkfu-tray", " CheckFu:pair?x=1" } << QByteArrayList { "checkfu-tray", hidden };
        QTest::newRow("a code without its flag, lower case") << QByteArrayList { "checkfu-runner", "start",
            "cfu7k3mq9xd2hfa" } << QByteArrayList { "checkfu-runner", "start", hidden };
        QTest::newRow("nothing secret") << QByteArrayList { "checkfu-runner", "start", "--endpoint",
            "http://127.0.0.1:1" } << QByteArrayList { "checkfu-runner", "start", "--endpoint", "http://127.0.0.1:1" };
    }

    void codesAndLinksAreHiddenFromTheCommandLine()
    {
        QFETCH(QByteArrayList, given);
        QFETCH(QByteArrayList, shown);
        QCOMPARE(ProcessHardening::redactedArguments(given), shown);

        // In place, in one block laid out as the kernel lays out argv: the copy keeps what was given.
        QByteArray block;
        for (const QByteArray &argument : given)
            block += argument + '\0';
        std::vector<char *> argv;
        for (qsizetype at = 0; at < block.size(); at += qstrlen(block.constData() + at) + 1)
            argv.push_back(block.data() + at);
        ArgumentCopy copy(int(argv.size()), argv.data());
        const int hidden = ProcessHardening::hideSecretArguments(int(argv.size()), argv.data());
        QCOMPARE(hidden > 0, shown != given);
        QByteArray expected;
        for (const QByteArray &argument : shown)
            expected += argument + '\0';
        QCOMPARE(block.left(expected.size()), expected);
        QCOMPARE(block.mid(expected.size()), QByteArray(block.size() - expected.size(), '\0'));
        QCOMPARE(copy.argc(), int(given.size()));
        for (int i = 0; i < copy.argc(); ++i)
            QCOMPARE(QByteArray(copy.argv()[i]), given.at(i));
        QVERIFY(!copy.argv()[copy.argc()]);
    }

    // A value shorter than the marker cannot be replaced in place: only the program's name is left.
    void aCommandLineTooShortForTheMarkerKeepsOnlyTheProgram()
    {
        QByteArray block("p\0--code\0ab\0", 12);
        std::vector<char *> argv { block.data(), block.data() + 2, block.data() + 9 };
        QCOMPARE(ProcessHardening::hideSecretArguments(3, argv.data()), 1);
        QCOMPARE(block, QByteArray("p\0\0\0\0\0\0\0\0\0\0\0", 12));
    }
};

QTEST_GUILESS_MAIN(TestEnvironmentScrub)
#include "tst_environmentscrub.moc"
