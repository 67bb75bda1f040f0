#include <runnercore/config/RunnerConfig.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace runnercore;

namespace {

const QString profileVariable = QStringLiteral("CHECKFU_CURSOR_HARNESS_PROFILE_VERSION");
const QString digestVariable = QStringLiteral("CHECKFU_CURSOR_HARNESS_RELEASE_DIGEST");
const QString modelVariable = QStringLiteral("CHECKFU_CURSOR_MODEL");
const QString apiKeyVariable = QStringLiteral("CURSOR_API_KEY");
const QStringList cursorVariables { profileVariable, digestVariable, modelVariable, apiKeyVariable };

const QString goodProfile = QStringLiteral("hprof_0123456789abcdef0123456789abcdef@12");
const QString goodDigest = QStringLiteral("sha256:") + QString(64, QLatin1Char('a'));
const QString goodModel = QStringLiteral("claude-4-sonnet");
const QString secretKey = QStringLiteral("key_SECRET_do_not_print_8f3e");
const QString secretToken = QStringLiteral("cfb_SECRET_token_7d1c");

QString goodCursorValue(const QString &name)
{
    if (name == profileVariable) {
        return goodProfile;
    }
    if (name == digestVariable) {
        return goodDigest;
    }
    if (name == modelVariable) {
        return goodModel;
    }
    return secretKey;
}

// "name=value" pairs; a value may be empty, and '=' after the first is part of the value.
RunnerConfigInput makeInput(const QStringList &flags, const QStringList &env)
{
    RunnerConfigInput in;
    in.machineHostName = QStringLiteral("test-host");
    for (const auto &pair : flags) {
        const auto eq = pair.indexOf(QLatin1Char('='));
        in.flags.insert(pair.left(eq), pair.mid(eq + 1));
    }
    for (const auto &pair : env) {
        const auto eq = pair.indexOf(QLatin1Char('='));
        in.env.insert(pair.left(eq), pair.mid(eq + 1));
    }
    return in;
}

QStringList completeCursor()
{
    QStringList env;
    for (const auto &name : cursorVariables) {
        env << name + QLatin1Char('=') + goodCursorValue(name);
    }
    return env;
}

QStringList replaced(QStringList env, const QString &name, const QString &value)
{
    for (auto &pair : env) {
        if (pair.startsWith(name + QLatin1Char('='))) {
            pair = name + QLatin1Char('=') + value;
        }
    }
    return env;
}

QString describeErrors(const QList<ConfigError> &errors)
{
    QStringList lines;
    for (const auto &error : errors) {
        lines << error.field + QStringLiteral(" | ") + error.message;
    }
    return lines.join(QLatin1Char('\n'));
}

// A data tag that shows a value's white space, so "true\n" does not break the test log.
QByteArray tag(const char *what, const char *value)
{
    return QByteArray(what) + " '" + QByteArray(value).replace('\n', "\\n") + '\'';
}

// The errors of a result, empty when it parsed; safe to call in a failure message either way.
QList<ConfigError> errorsOf(const std::variant<RunnerConfig, QList<ConfigError>> &result)
{
    const auto *errors = std::get_if<QList<ConfigError>>(&result);
    return errors ? *errors : QList<ConfigError>();
}

} // namespace

class TestRunnerConfig : public QObject
{
    Q_OBJECT

private slots:
    void defaults();
    void goodValues();
    void endpointPrecedence();
    void pairingCodeSources();
    void badValue_data();
    void badValue();
    void providerTable_data();
    void providerTable();
    void cursorSubset_data();
    void cursorSubset();
    void cursorComplete();
    void apiKeyNeverAppears_data();
    void apiKeyNeverAppears();
    void allErrorsCollected();
    void bubblewrapReadOnlyPaths();
};

void TestRunnerConfig::defaults()
{
    const auto result = RunnerConfigParser::parse(makeInput({}, {}));
    QVERIFY(std::holds_alternative<RunnerConfig>(result));
    const auto &config = std::get<RunnerConfig>(result);
    QVERIFY(config.endpoint.isEmpty());
    QVERIFY(config.endpointSource.isEmpty());
    QVERIFY(!config.pairingCode);
    QCOMPARE(config.label, QStringLiteral("test-host"));
    QCOMPARE(config.sandbox, SandboxChoice::NotGiven);
    QVERIFY(config.hostProcessEnabled);
    QVERIFY(!config.bubblewrapEnabled);
    QCOMPARE(config.docker, DockerMode::Auto);
    QVERIFY(!config.dockerUnrestrictedNetwork);
    QVERIFY(!config.idleTimeoutMs);
    QVERIFY(!config.cursor);
    QVERIFY(config.workspaceToken.isEmpty());
    QVERIFY(!config.credentialStore);
    QCOMPARE(config.slotCount, 1);
    QCOMPARE(config.gitCacheMib, qint64(10240)); // 10 GiB
    QCOMPARE(config.snapshotStoreMib, qint64(5120)); // 5 GiB (§6.9's default)
    // A laptop: awake for runs only on AC power; no battery or metered drain unless asked for.
    QCOMPARE(config.keepAwake, KeepAwake::OnAcPower);
    QCOMPARE(config.drainBelowBatteryPercent, 0);
    QVERIFY(!config.drainOnMetered);
    QVERIFY(!config.describe().isEmpty());
}

void TestRunnerConfig::goodValues()
{
    const auto result = RunnerConfigParser::parse(
        makeInput({ QStringLiteral("code= cfu 7k3m q9xd 2hfa\n"), QStringLiteral("label=  alice-laptop "),
                      QStringLiteral("credential-store=file"), QStringLiteral("slots=64"),
                      QStringLiteral("sandbox=none"), QStringLiteral("git-cache-mib=0"),
                      QStringLiteral("snapshot-store-mib=1"), QStringLiteral("keep-awake=never"),
                      QStringLiteral("drain-below-battery=100"), QStringLiteral("drain-on-metered=true") },
            { QStringLiteral("CHECKFU_RUNNER_IDLE_TIMEOUT_MS=2147483647"),
                QStringLiteral("CHECKFU_DOCKER_UNRESTRICTED_NETWORK="),
                QStringLiteral("CHECKFU_RUNNER_TOKEN=") + secretToken }));
    QVERIFY2(std::holds_alternative<RunnerConfig>(result), qPrintable(describeErrors(errorsOf(result))));
    const auto &config = std::get<RunnerConfig>(result);
    QCOMPARE(config.pairingCode.value_or(QString()), QStringLiteral("CFU-7K3M-Q9XD-2HFA"));
    QCOMPARE(config.label, QStringLiteral("alice-laptop"));
    QCOMPARE(config.credentialStore.value_or(QString()), QStringLiteral("file"));
    QCOMPARE(config.slotCount, 64);
    QCOMPARE(config.gitCacheMib, qint64(0)); // no mirrors at all
    QCOMPARE(config.snapshotStoreMib, qint64(1));
    QCOMPARE(config.keepAwake, KeepAwake::Never);
    QCOMPARE(config.drainBelowBatteryPercent, 100);
    QVERIFY(config.drainOnMetered);
    QCOMPARE(config.idleTimeoutMs.value_or(0), 2147483647);
    QVERIFY(config.dockerUnrestrictedNetwork);
    QCOMPARE(config.workspaceToken, secretToken);

    const QString description = config.describe();
    QVERIFY(description.contains(QLatin1String("CFU-7K3M-****-****")));
    QVERIFY(!description.contains(QLatin1String("Q9XD")));
    QVERIFY(!description.contains(QLatin1String("2HFA")));
    QVERIFY(!description.contains(secretToken));

    const auto small = RunnerConfigParser::parse(
        makeInput({ QStringLiteral("slots=1") }, { QStringLiteral("CHECKFU_RUNNER_IDLE_TIMEOUT_MS=007") }));
    QVERIFY(std::holds_alternative<RunnerConfig>(small));
    QCOMPARE(std::get<RunnerConfig>(small).idleTimeoutMs.value_or(0), 7);
    QCOMPARE(std::get<RunnerConfig>(small).slotCount, 1);
}

void TestRunnerConfig::endpointPrecedence()
{
    // The flag wins, and the variable it overrides is not looked at.
    auto result = RunnerConfigParser::parse(makeInput({ QStringLiteral("endpoint=https://flag.example.com/api/") },
        { QStringLiteral("CHECKFU_API_URL=http://env.example.com") }));
    QVERIFY(std::holds_alternative<RunnerConfig>(result));
    QCOMPARE(std::get<RunnerConfig>(result).endpoint, QUrl(QStringLiteral("https://flag.example.com/api")));
    QCOMPARE(std::get<RunnerConfig>(result).endpointSource, QStringLiteral("--endpoint"));

    result = RunnerConfigParser::parse(makeInput({}, { QStringLiteral("CHECKFU_API_URL=http://127.0.0.1:8080/") }));
    QVERIFY(std::holds_alternative<RunnerConfig>(result));
    QCOMPARE(std::get<RunnerConfig>(result).endpoint, QUrl(QStringLiteral("http://127.0.0.1:8080")));
    QCOMPARE(std::get<RunnerConfig>(result).endpointSource, QStringLiteral("CHECKFU_API_URL"));
    QVERIFY(std::get<RunnerConfig>(result).describe().contains(QLatin1String("http://127.0.0.1:8080")));
}

// --code CFU-…, `--code -` (a line of standard input, as the front end read it) and CHECKFU_PAIRING_CODE: the flag
// wins, a bad value is refused naming where it came from, and no message ever holds the code.
void TestRunnerConfig::pairingCodeSources()
{
    const QString code = QStringLiteral("CFU-7K3M-Q9XD-2HFA");
    const QString variable = QStringLiteral("CHECKFU_PAIRING_CODE=");
    const auto parsed = [](RunnerConfigInput in) { return RunnerConfigParser::parse(in); };

    auto result = parsed(makeInput({}, { variable + QStringLiteral(" cfu 7k3m q9xd 2hfa") }));
    QVERIFY2(std::holds_alternative<RunnerConfig>(result), qPrintable(describeErrors(errorsOf(result))));
    QCOMPARE(std::get<RunnerConfig>(result).pairingCode, std::optional<QString>(code));
    QCOMPARE(std::get<RunnerConfig>(result).pairingCodeSource, QStringLiteral("CHECKFU_PAIRING_CODE"));
    QVERIFY(!std::get<RunnerConfig>(result).describe().contains(code));
    QVERIFY(std::get<RunnerConfig>(result).describe().contains(QStringLiteral("CHECKFU_PAIRING_CODE")));

    // The flag wins, and the variable it overrides is not checked.
    result = parsed(makeInput({ QStringLiteral("code=") + code }, { variable + QStringLiteral("nonsense") }));
    QVERIFY2(std::holds_alternative<RunnerConfig>(result), qPrintable(describeErrors(errorsOf(result))));
    QCOMPARE(std::get<RunnerConfig>(result).pairingCodeSource, QStringLiteral("--code"));

    // --code -: the line read from standard input, trimmed; nothing read, or an empty line, is an error naming
    // `--code -` and saying what to do, whatever CHECKFU_PAIRING_CODE holds.
    RunnerConfigInput fromStdin = makeInput({ QStringLiteral("code=-") }, { variable + code });
    QVERIFY(fromStdin.wantsStandardInput());
    fromStdin.standardInputLine = QStringLiteral("  cfu-7k3m-q9xd-2hfa\r");
    result = parsed(fromStdin);
    QVERIFY2(std::holds_alternative<RunnerConfig>(result), qPrintable(describeErrors(errorsOf(result))));
    QCOMPARE(std::get<RunnerConfig>(result).pairingCode, std::optional<QString>(code));
    QCOMPARE(std::get<RunnerConfig>(result).pairingCodeSource, QStringLiteral("--code -"));
    for (const std::optional<QString> &line :
        { std::optional<QString>(), std::optional<QString>(QString()), std::optional<QString>(QStringLiteral("  ")) }) {
        fromStdin.standardInputLine = line;
        const QList<ConfigError> errors = errorsOf(parsed(fromStdin));
        QCOMPARE(errors.size(), 1);
        QCOMPARE(errors.first().field, QStringLiteral("--code"));
        QVERIFY2(errors.first().message.contains(QStringLiteral("--code -"))
                && errors.first().message.contains(QStringLiteral("standard input"))
                && errors.first().message.contains(QStringLiteral("CHECKFU_PAIRING_CODE")),
            qPrintable(errors.first().message));
    }
    // A bad line gets the same error as a bad --code, naming `--code -`, without the line.
    fromStdin.standardInputLine = QStringLiteral("CFU-7K3M-Q9XD-2HF");
    const QList<ConfigError> errors = errorsOf(parsed(fromStdin));
    QCOMPARE(errors.size(), 1);
    QVERIFY2(errors.first().message.startsWith(QStringLiteral("--code -: ")), qPrintable(errors.first().message));
    QVERIFY(!errors.first().message.contains(QStringLiteral("CFU-7K3M-Q9XD-2HF")));
    QVERIFY(!makeInput({ QStringLiteral("code=") + code }, {}).wantsStandardInput());
}

void TestRunnerConfig::badValue_data()
{
    QTest::addColumn<QStringList>("flags");
    QTest::addColumn<QStringList>("env");
    QTest::addColumn<QString>("field");

    const auto flag = [](const char *row, const QString &name, const QString &value, const char *field) {
        QTest::newRow(row) << QStringList { name + QLatin1Char('=') + value } << QStringList()
                           << QString::fromLatin1(field);
    };
    const auto variable = [](const char *row, const QString &name, const QString &value) {
        QTest::newRow(row) << QStringList() << QStringList { name + QLatin1Char('=') + value } << name;
    };

    flag("--endpoint http name", QStringLiteral("endpoint"), QStringLiteral("http://example.com"), "--endpoint");
    flag("--endpoint 0.0.0.0", QStringLiteral("endpoint"), QStringLiteral("http://0.0.0.0:8080"), "--endpoint");
    flag("--endpoint empty", QStringLiteral("endpoint"), QString(), "--endpoint");
    flag("--endpoint userinfo", QStringLiteral("endpoint"), QStringLiteral("https://u:p@example.com"), "--endpoint");
    const QString apiUrl = QStringLiteral("CHECKFU_API_URL");
    variable("CHECKFU_API_URL http name", apiUrl, QStringLiteral("http://example.com"));
    variable("CHECKFU_API_URL v4-mapped", apiUrl, QStringLiteral("http://[::ffff:127.0.0.1]"));
    variable("CHECKFU_API_URL empty", apiUrl, QString());
    variable("CHECKFU_API_URL not a URL", apiUrl, QStringLiteral("checkfu.example.com"));

    flag("--code short", QStringLiteral("code"), QStringLiteral("CFU-7K3M-Q9XD-2HF"), "--code");
    flag("--code U", QStringLiteral("code"), QStringLiteral("CFU-7K3M-Q9XD-2HFU"), "--code");
    flag("--code no prefix", QStringLiteral("code"), QStringLiteral("7K3M-Q9XD-2HFA"), "--code");
    flag("--code empty", QStringLiteral("code"), QString(), "--code");

    const QString codeVariable = QStringLiteral("CHECKFU_PAIRING_CODE");
    variable("CHECKFU_PAIRING_CODE short", codeVariable, QStringLiteral("CFU-7K3M-Q9XD-2HF"));
    variable("CHECKFU_PAIRING_CODE empty", codeVariable, QString());
    variable("CHECKFU_PAIRING_CODE no prefix", codeVariable, QStringLiteral("7K3M-Q9XD-2HFA"));

    flag("--label empty", QStringLiteral("label"), QStringLiteral("  "), "--label");
    flag("--label newline", QStringLiteral("label"), QStringLiteral("a\nb"), "--label");

    for (const char *name : { "podman", "Docker", "host_process", "", " docker", "bwrap" }) {
        flag(tag("--sandbox", name).constData(), QStringLiteral("sandbox"), QString::fromLatin1(name), "--sandbox");
    }

    const QString hostProcess = QStringLiteral("CHECKFU_ENABLE_HOST_PROCESS_SANDBOX");
    for (const char *value : { "", "TRUE", "True", "FALSE", "1", "0", " true", "true ", "true\n", "yes", "on" }) {
        variable(tag("host-process", value).constData(), hostProcess, QString::fromLatin1(value));
    }

    const QString idle = QStringLiteral("CHECKFU_RUNNER_IDLE_TIMEOUT_MS");
    for (const char *value :
        { "", "0", "00", "-5", "+5", " 5", "5 ", "1.5", "1e3", "0x10", "abc", "2147483648", "99999999999999999999" }) {
        variable(tag("idle", value).constData(), idle, QString::fromLatin1(value));
    }
    variable("idle Arabic-Indic digits", idle, QStringLiteral("\u0661\u0662"));

    for (const char *value : { "", "Keychain", "vault", "file " }) {
        flag(tag("--credential-store", value).constData(), QStringLiteral("credential-store"),
            QString::fromLatin1(value), "--credential-store");
    }
    for (const char *value : { "", "0", "65", "-1", "+2", "1.0", "two", "99999999999" }) {
        flag(tag("--slots", value).constData(), QStringLiteral("slots"), QString::fromLatin1(value), "--slots");
    }
    for (const char *value : { "", "-1", "+2", "1.5", "10G", "1048577", "99999999999" }) {
        flag(tag("--git-cache-mib", value).constData(), QStringLiteral("git-cache-mib"), QString::fromLatin1(value),
            "--git-cache-mib");
    }
    for (const char *value : { "", "0", "-1", "1.5", "64M", "1048577", "99999999999" }) {
        flag(tag("--snapshot-store-mib", value).constData(), QStringLiteral("snapshot-store-mib"),
            QString::fromLatin1(value), "--snapshot-store-mib");
    }
    for (const char *value : { "", "AC", "yes", "awake", "always " }) {
        flag(tag("--keep-awake", value).constData(), QStringLiteral("keep-awake"), QString::fromLatin1(value),
            "--keep-awake");
    }
    for (const char *value : { "", "-1", "101", "20%", "1.5", "twenty" }) {
        flag(tag("--drain-below-battery", value).constData(), QStringLiteral("drain-below-battery"),
            QString::fromLatin1(value), "--drain-below-battery");
    }
    for (const char *value : { "", "1", "yes", "TRUE", "on" }) {
        flag(tag("--drain-on-metered", value).constData(), QStringLiteral("drain-on-metered"),
            QString::fromLatin1(value), "--drain-on-metered");
    }

    // Cursor shapes and empties, with all four defined so that only the bad one is reported.
    const QString hex32 = QStringLiteral("0123456789abcdef0123456789abcdef");
    const QStringList badProfiles { QStringLiteral("hprof_abc@1"),
        QStringLiteral("hprof_") + hex32.toUpper() + QStringLiteral("@1"),
        QStringLiteral("hprof_") + hex32 + QStringLiteral("@0"),
        QStringLiteral("hprof_") + hex32 + QStringLiteral("@01"), QStringLiteral("hprof_") + hex32,
        QStringLiteral("hprof_") + hex32 + QStringLiteral("@"),
        QStringLiteral("hprof_") + hex32 + QStringLiteral("@1\n"),
        QStringLiteral(" hprof_") + hex32 + QStringLiteral("@1"),
        QStringLiteral("prof_") + hex32 + QStringLiteral("@1"),
        QStringLiteral("hprof_") + hex32 + QStringLiteral("0@1") };
    int i = 0;
    for (const auto &value : badProfiles) {
        QTest::addRow("profile shape %d", i++)
            << QStringList() << replaced(completeCursor(), profileVariable, value) << profileVariable;
    }
    const QString hex64 = QString(64, QLatin1Char('f'));
    const QStringList badDigests { QStringLiteral("sha256:") + hex64.left(63),
        QStringLiteral("sha256:") + hex64 + QLatin1Char('f'), QStringLiteral("sha256:") + hex64.toUpper(),
        QStringLiteral("SHA256:") + hex64, QStringLiteral("sha512:") + hex64, hex64,
        QStringLiteral("sha256:") + hex64 + QLatin1Char('\n'),
        QStringLiteral("sha256:") + hex64.left(63) + QLatin1Char('g') };
    i = 0;
    for (const auto &value : badDigests) {
        QTest::addRow("digest shape %d", i++)
            << QStringList() << replaced(completeCursor(), digestVariable, value) << digestVariable;
    }
    for (const auto &name : cursorVariables) {
        QTest::addRow("%s empty", qPrintable(name))
            << QStringList() << replaced(completeCursor(), name, QString()) << name;
    }
}

void TestRunnerConfig::badValue()
{
    QFETCH(QStringList, flags);
    QFETCH(QStringList, env);
    QFETCH(QString, field);

    const auto result = RunnerConfigParser::parse(makeInput(flags, env));
    QVERIFY(std::holds_alternative<QList<ConfigError>>(result));
    const auto &errors = std::get<QList<ConfigError>>(result);
    QVERIFY2(errors.size() == 1, qPrintable(describeErrors(errors)));
    QCOMPARE(errors.front().field, field);
    QVERIFY2(errors.front().message.contains(field), qPrintable(errors.front().message));
    QVERIFY2(!errors.front().message.contains(secretKey), qPrintable(errors.front().message));
}

void TestRunnerConfig::providerTable_data()
{
    QTest::addColumn<QString>("sandbox"); // null: flag not given
    QTest::addColumn<QString>("override"); // null: variable not defined
    QTest::addColumn<SandboxChoice>("choice");
    QTest::addColumn<bool>("hostProcess");
    QTest::addColumn<bool>("bubblewrap");
    QTest::addColumn<DockerMode>("docker");

    struct Row
    {
        const char *name;
        QString flag;
        SandboxChoice choice;
        bool hostProcess;
        bool bubblewrap;
        DockerMode docker;
    };
    // The §8 table, row by row.
    const Row rows[] = {
        { "not given", QString(), SandboxChoice::NotGiven, true, false, DockerMode::Auto },
        { "host-process", QStringLiteral("host-process"), SandboxChoice::HostProcess, true, false, DockerMode::Auto },
        { "bubblewrap", QStringLiteral("bubblewrap"), SandboxChoice::Bubblewrap, false, true, DockerMode::Auto },
        { "docker", QStringLiteral("docker"), SandboxChoice::Docker, false, false, DockerMode::Required },
        { "none", QStringLiteral("none"), SandboxChoice::None, false, false, DockerMode::Auto },
    };
    for (const auto &row : rows) {
        QTest::addRow("%s", row.name) << row.flag << QString() << row.choice << row.hostProcess << row.bubblewrap
                                      << row.docker;
        // The variable then wins over the row, for host-process only.
        QTest::addRow("%s + true", row.name)
            << row.flag << QStringLiteral("true") << row.choice << true << row.bubblewrap << row.docker;
        QTest::addRow("%s + false", row.name)
            << row.flag << QStringLiteral("false") << row.choice << false << row.bubblewrap << row.docker;
    }
}

void TestRunnerConfig::providerTable()
{
    QFETCH(QString, sandbox);
    QFETCH(QString, override);
    QFETCH(SandboxChoice, choice);
    QFETCH(bool, hostProcess);
    QFETCH(bool, bubblewrap);
    QFETCH(DockerMode, docker);

    QStringList flags;
    if (!sandbox.isNull()) {
        flags << QStringLiteral("sandbox=") + sandbox;
    }
    QStringList env;
    if (!override.isNull()) {
        env << QStringLiteral("CHECKFU_ENABLE_HOST_PROCESS_SANDBOX=") + override;
    }
    const auto result = RunnerConfigParser::parse(makeInput(flags, env));
    QVERIFY(std::holds_alternative<RunnerConfig>(result));
    const auto &config = std::get<RunnerConfig>(result);
    QCOMPARE(config.sandbox, choice);
    QCOMPARE(config.hostProcessEnabled, hostProcess);
    QCOMPARE(config.bubblewrapEnabled, bubblewrap);
    QCOMPARE(config.docker, docker);
}

void TestRunnerConfig::cursorSubset_data()
{
    QTest::addColumn<int>("mask"); // bit i set: cursorVariables[i] defined
    for (int mask = 1; mask < 15; ++mask) {
        QStringList defined;
        for (int i = 0; i < cursorVariables.size(); ++i) {
            if (mask & (1 << i)) {
                defined << cursorVariables[i];
            }
        }
        QTest::addRow("defined: %s", qPrintable(defined.join(QLatin1Char(' ')))) << mask;
    }
}

void TestRunnerConfig::cursorSubset()
{
    QFETCH(int, mask);
    QStringList env;
    QStringList missing;
    QStringList present;
    for (int i = 0; i < cursorVariables.size(); ++i) {
        const QString &name = cursorVariables[i];
        if (mask & (1 << i)) {
            env << name + QLatin1Char('=') + goodCursorValue(name);
            present << name;
        } else {
            missing << name;
        }
    }
    const auto result = RunnerConfigParser::parse(makeInput({}, env));
    QVERIFY(std::holds_alternative<QList<ConfigError>>(result));
    const auto &errors = std::get<QList<ConfigError>>(result);
    QVERIFY2(errors.size() == 1, qPrintable(describeErrors(errors)));
    const auto &error = errors.front();
    for (const auto &name : missing) {
        QVERIFY2(error.message.contains(name), qPrintable(error.message));
        QVERIFY2(error.field.contains(name), qPrintable(error.field));
    }
    for (const auto &name : present) {
        QVERIFY2(!error.message.contains(name), qPrintable(error.message));
        QVERIFY2(!error.field.contains(name), qPrintable(error.field));
    }
    QVERIFY(!error.message.contains(secretKey));
}

void TestRunnerConfig::cursorComplete()
{
    const auto result = RunnerConfigParser::parse(makeInput({}, completeCursor()));
    QVERIFY2(std::holds_alternative<RunnerConfig>(result), qPrintable(describeErrors(errorsOf(result))));
    const auto &config = std::get<RunnerConfig>(result);
    QVERIFY(config.cursor);
    QCOMPARE(config.cursor->profileVersion, goodProfile);
    QCOMPARE(config.cursor->releaseDigest, goodDigest);
    QCOMPARE(config.cursor->model, goodModel);
    QCOMPARE(config.cursor->apiKey, secretKey);
    QVERIFY(config.describe().contains(goodModel));
    QVERIFY(!config.describe().contains(secretKey));
}

void TestRunnerConfig::apiKeyNeverAppears_data()
{
    QTest::addColumn<QStringList>("flags");
    QTest::addColumn<QStringList>("env");
    QTest::newRow("complete") << QStringList() << completeCursor();
    QTest::newRow("complete + token") << QStringList()
                                      << completeCursor()
            + QStringList { QStringLiteral("CHECKFU_RUNNER_TOKEN=") + secretToken };
    QTest::newRow("key alone") << QStringList() << QStringList { apiKeyVariable + QLatin1Char('=') + secretKey };
    // Someone pastes the key into the wrong variable: the shape errors must not echo it either.
    QTest::newRow("key as profile") << QStringList() << replaced(completeCursor(), profileVariable, secretKey);
    QTest::newRow("key as digest") << QStringList() << replaced(completeCursor(), digestVariable, secretKey);
    QTest::newRow("key as profile, subset") << QStringList()
                                            << QStringList { profileVariable + QLatin1Char('=') + secretKey,
                                                   apiKeyVariable + QLatin1Char('=') + secretKey };
    QTest::newRow("with other errors") << QStringList { QStringLiteral("slots=0"), QStringLiteral("sandbox=x") }
                                       << completeCursor()
            + QStringList { QStringLiteral("CHECKFU_RUNNER_IDLE_TIMEOUT_MS=x") };
}

void TestRunnerConfig::apiKeyNeverAppears()
{
    QFETCH(QStringList, flags);
    QFETCH(QStringList, env);
    const auto result = RunnerConfigParser::parse(makeInput(flags, env));
    if (const auto *config = std::get_if<RunnerConfig>(&result)) {
        QVERIFY(!config->describe().contains(secretKey));
        QVERIFY(!config->describe().contains(secretToken));
    } else {
        for (const auto &error : std::get<QList<ConfigError>>(result)) {
            QVERIFY2(!error.message.contains(secretKey), qPrintable(error.message));
            QVERIFY(!error.field.contains(secretKey));
            QVERIFY(!error.message.contains(secretToken));
        }
    }
}

void TestRunnerConfig::allErrorsCollected()
{
    QStringList env { QStringLiteral("CHECKFU_API_URL=http://example.com"), // used: no --endpoint
        QStringLiteral("CHECKFU_ENABLE_HOST_PROCESS_SANDBOX=TRUE"), QStringLiteral("CHECKFU_RUNNER_IDLE_TIMEOUT_MS=0"),
        profileVariable + QStringLiteral("=hprof_x@1"), modelVariable + QStringLiteral("=m") };
    const QStringList flags { QStringLiteral("code=CFU-1234"), QStringLiteral("label="), QStringLiteral("sandbox=vm"),
        QStringLiteral("credential-store=vault"), QStringLiteral("slots=100") };
    const auto result = RunnerConfigParser::parse(makeInput(flags, env));
    QVERIFY(std::holds_alternative<QList<ConfigError>>(result));
    const auto &errors = std::get<QList<ConfigError>>(result);

    QStringList fields;
    for (const auto &error : errors) {
        fields << error.field;
        QVERIFY2(!error.message.isEmpty(), qPrintable(error.field));
    }
    const QStringList expected { QStringLiteral("CHECKFU_API_URL"), QStringLiteral("--code"), QStringLiteral("--label"),
        QStringLiteral("--sandbox"), QStringLiteral("CHECKFU_ENABLE_HOST_PROCESS_SANDBOX"),
        QStringLiteral("CHECKFU_RUNNER_IDLE_TIMEOUT_MS"), digestVariable + QStringLiteral(", ") + apiKeyVariable,
        profileVariable, QStringLiteral("--credential-store"), QStringLiteral("--slots") };
    QCOMPARE(fields, expected);
}

void TestRunnerConfig::bubblewrapReadOnlyPaths()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString tools = dir.path() + QStringLiteral("/tools");
    const QString state = dir.path() + QStringLiteral("/state");
    QVERIFY(QDir().mkpath(tools + QStringLiteral("/bin")) && QDir().mkpath(state + QStringLiteral("/runs")));
    const QString variable = QStringLiteral("CHECKFU_RUNNER_BUBBLEWRAP_READ_ONLY");
    const QString flag = QStringLiteral("--bubblewrap-read-only");
    auto parse = [&](const QStringList &flags, const QStringList &env) {
        RunnerConfigInput in = makeInput(flags, env);
        in.runnerStateDirs = { state };
        return RunnerConfigParser::parse(in);
    };

    // None by default.
    auto result = parse({}, {});
    QVERIFY(std::holds_alternative<RunnerConfig>(result));
    QVERIFY(std::get<RunnerConfig>(result).bubblewrapReadOnly.isEmpty());

    // The variable, cleaned and deduplicated; the flag wins over it (and the variable is then not checked).
    result = parse({},
        { variable + QLatin1Char('=') + tools + QStringLiteral("/bin/:") + tools + QStringLiteral("::") + tools
            + QStringLiteral("/bin") });
    QVERIFY2(std::holds_alternative<RunnerConfig>(result), qPrintable(describeErrors(errorsOf(result))));
    QCOMPARE(
        std::get<RunnerConfig>(result).bubblewrapReadOnly, (QStringList { tools + QStringLiteral("/bin"), tools }));
    QCOMPARE(std::get<RunnerConfig>(result).bubblewrapReadOnlySource, variable);
    result = parse({ QStringLiteral("bubblewrap-read-only=") + tools }, { variable + QStringLiteral("=relative") });
    QVERIFY2(std::holds_alternative<RunnerConfig>(result), qPrintable(describeErrors(errorsOf(result))));
    QCOMPARE(std::get<RunnerConfig>(result).bubblewrapReadOnly, QStringList { tools });
    QVERIFY(std::get<RunnerConfig>(result).describe().contains(tools));

    // Each bad path is an error naming the setting, the path and the fix.
    const QList<std::pair<QString, QString>> bad {
        { QStringLiteral("relative/bin"), QStringLiteral("is not an absolute path") },
        { dir.path() + QStringLiteral("/missing"), QStringLiteral("does not exist") },
        { QStringLiteral("/"), QStringLiteral("whole file system") },
        { state + QStringLiteral("/runs"), QStringLiteral("Runner's own state") },
        { dir.path(), QStringLiteral("Runner's own state") }, // it holds the state
    };
    for (const auto &[value, why] : bad) {
        const auto failed = parse({}, { variable + QLatin1Char('=') + tools + QLatin1Char(':') + value });
        const QList<ConfigError> errors = errorsOf(failed);
        QCOMPARE(errors.size(), 1);
        QCOMPARE(errors.first().field, variable);
        QVERIFY2(errors.first().message.startsWith(variable + QLatin1Char(':')), qPrintable(errors.first().message));
        QVERIFY2(errors.first().message.contains(why), qPrintable(errors.first().message));
        const auto viaFlag = parse({ QStringLiteral("bubblewrap-read-only=") + value }, {});
        QCOMPARE(errorsOf(viaFlag).size(), 1);
        QCOMPARE(errorsOf(viaFlag).first().field, flag);
    }
    // A symlink to the state is the state.
    QVERIFY(QFile::link(state, dir.path() + QStringLiteral("/alias")));
    QCOMPARE(
        errorsOf(parse({ QStringLiteral("bubblewrap-read-only=") + dir.path() + QStringLiteral("/alias/runs") }, {}))
            .size(),
        1);
}

QTEST_GUILESS_MAIN(TestRunnerConfig)
#include "tst_runnerconfig.moc"
