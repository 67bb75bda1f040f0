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
            (QList<QByteArray> { QByteArrayLiteral("CHECKFU_RUNNER_TOKEN"), QByteArrayLiteral("CURSOR_API_KEY") }));
    }
};

QTEST_GUILESS_MAIN(TestEnvironmentScrub)
#include "tst_environmentscrub.moc"
