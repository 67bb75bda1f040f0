#include <runnercore/config/RunnerConfig.h>

#include <runnercore/config/AppPaths.h>
#include <runnercore/config/ConfigKeys.h>
#include <runnercore/identity/PairingCode.h>
#include <runnercore/transport/EndpointPolicy.h>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStringList>

#include <cerrno>
#include <cstdio>
#include <limits>

#ifdef Q_OS_UNIX
#include <termios.h>
#include <unistd.h>
#endif

namespace runnercore {

namespace {

// The context of this file's messages, for lupdate and at run time alike.
struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(RunnerConfig)
};

const QString endpointFlag = ConfigKeys::option(ConfigFlag::Endpoint);
const QString endpointVariable = ConfigKeys::name(EnvVar::ApiUrl);
const QString hostProcessVariable = ConfigKeys::name(EnvVar::EnableHostProcessSandbox);
const QString idleTimeoutVariable = ConfigKeys::name(EnvVar::IdleTimeoutMs);
const QString dockerNetworkVariable = ConfigKeys::name(EnvVar::DockerUnrestrictedNetwork);
const QString tokenVariable = ConfigKeys::name(EnvVar::RunnerToken);
const QString codeVariable = ConfigKeys::name(EnvVar::PairingCode);
const QString profileVariable = ConfigKeys::name(EnvVar::CursorProfileVersion);
const QString digestVariable = ConfigKeys::name(EnvVar::CursorReleaseDigest);
const QString modelVariable = ConfigKeys::name(EnvVar::CursorModel);
const QString apiKeyVariable = ConfigKeys::name(EnvVar::CursorApiKey);
const QString readOnlyFlag = ConfigKeys::option(ConfigFlag::BubblewrapReadOnly);
const QString readOnlyVariable = ConfigKeys::name(EnvVar::BubblewrapReadOnly);

// The flag as RunnerConfigInput::flags holds it.
QString flag(ConfigFlag f)
{
    return ConfigKeys::name(f);
}

// A value as it may appear in a message: quoted, short, with control characters made visible, so that
// e.g. " true" or "true\n" is recognisable. Never used for secrets.
QString shown(const QString &value)
{
    constexpr qsizetype maxShown = 64;
    QString out;
    for (QChar c : value.left(maxShown)) {
        out += (c.category() == QChar::Other_Control) ? QChar(QChar::ReplacementCharacter) : c;
    }
    if (value.size() > maxShown) {
        out += QStringLiteral("…");
    }
    return QStringLiteral("'%1'").arg(out);
}

bool hasControlCharacter(const QString &value)
{
    for (QChar c : value) {
        if (c.category() == QChar::Other_Control) {
            return true;
        }
    }
    return false;
}

// Decimal digits only (no sign, no spaces, no Unicode digits), parsed into an int; nullopt when not
// digits or too large for int.
std::optional<int> parseDecimal(const QString &text, bool *tooLarge)
{
    *tooLarge = false;
    if (text.isEmpty()) {
        return std::nullopt;
    }
    qint64 value = 0;
    for (QChar c : text) {
        if (c < QLatin1Char('0') || c > QLatin1Char('9')) {
            return std::nullopt;
        }
        value = value * 10 + (c.unicode() - '0');
        if (value > std::numeric_limits<int>::max()) {
            *tooLarge = true;
            return std::nullopt;
        }
    }
    return int(value);
}

class ErrorList
{
public:
    void add(const QString &field, const QString &message) { m_errors.append(ConfigError { field, message }); }
    bool isEmpty() const { return m_errors.isEmpty(); }
    qsizetype size() const { return m_errors.size(); }
    QList<ConfigError> take() { return std::move(m_errors); }

private:
    QList<ConfigError> m_errors;
};

void parseEndpoint(const RunnerConfigInput &in, RunnerConfig &config, ErrorList &errors)
{
    // The flag wins; a variable it overrides is not used, so it is not checked either.
    QString text;
    QString source;
    if (in.flags.contains(flag(ConfigFlag::Endpoint))) {
        text = in.flags.value(flag(ConfigFlag::Endpoint));
        source = endpointFlag;
    } else if (in.env.contains(endpointVariable)) {
        text = in.env.value(endpointVariable);
        source = endpointVariable;
    } else {
        return;
    }
    if (const auto problem = EndpointPolicy::check(text, source)) {
        errors.add(source, *problem);
        return;
    }
    config.endpoint = EndpointPolicy::normalized(text);
    config.endpointSource = source;
}

void parseCode(const RunnerConfigInput &in, RunnerConfig &config, ErrorList &errors)
{
    // The flag wins; a variable it overrides is not used, so it is not checked either.
    const QString codeFlag = ConfigKeys::option(ConfigFlag::Code);
    QString text;
    QString source;
    if (in.flags.contains(flag(ConfigFlag::Code))) {
        text = in.flags.value(flag(ConfigFlag::Code));
        source = codeFlag;
        if (text == RunnerConfigInput::StandardInputValue) {
            source = codeFlag + QLatin1Char(' ') + RunnerConfigInput::StandardInputValue;
            text = in.standardInputLine.value_or(QString()).trimmed();
            if (text.isEmpty()) {
                errors.add(codeFlag,
                    Messages::tr("%1 reads the pairing code from standard input, which gave none (empty, closed, or "
                                 "an empty line typed). Pipe the code in (echo \"$CODE\" | checkfu-runner start %1), "
                                 "or set %2.")
                        .arg(source, codeVariable));
                return;
            }
        }
    } else if (in.env.contains(codeVariable)) {
        text = in.env.value(codeVariable);
        source = codeVariable;
    } else {
        return;
    }
    const auto code = PairingCode::parse(text);
    if (!code.isValid()) {
        errors.add(source == codeVariable ? codeVariable : codeFlag, Messages::tr("%1: %2").arg(source, code.error()));
        return;
    }
    config.pairingCode = code.normalized();
    config.pairingCodeSource = source;
}

void parseLabel(const RunnerConfigInput &in, RunnerConfig &config, ErrorList &errors)
{
    if (!in.flags.contains(flag(ConfigFlag::Label))) {
        config.label = in.machineHostName;
        return;
    }
    const QString label = in.flags.value(flag(ConfigFlag::Label)).trimmed();
    if (label.isEmpty()) {
        errors.add(ConfigKeys::option(ConfigFlag::Label),
            Messages::tr("--label is empty. Give a display name for this machine, or leave --label out to use the "
                         "host name."));
        return;
    }
    if (hasControlCharacter(label)) {
        // A line break in the label would forge lines in logs and admin views.
        errors.add(ConfigKeys::option(ConfigFlag::Label),
            Messages::tr("--label contains a line break or control character. Use a plain one-line name."));
        return;
    }
    config.label = label;
}

void parseSandbox(const RunnerConfigInput &in, RunnerConfig &config, ErrorList &errors)
{
    if (in.flags.contains(flag(ConfigFlag::Sandbox))) {
        const QString name = in.flags.value(flag(ConfigFlag::Sandbox));
        if (name == QLatin1String("host-process")) {
            config.sandbox = SandboxChoice::HostProcess;
        } else if (name == QLatin1String("bubblewrap")) {
            config.sandbox = SandboxChoice::Bubblewrap;
        } else if (name == QLatin1String("docker")) {
            config.sandbox = SandboxChoice::Docker;
        } else if (name == QLatin1String("none")) {
            config.sandbox = SandboxChoice::None;
        } else {
            errors.add(ConfigKeys::option(ConfigFlag::Sandbox),
                Messages::tr("--sandbox: unknown sandbox tier %1. Use one of: host-process, bubblewrap, docker, none.")
                    .arg(shown(name)));
        }
    }

    // The §8 provider table, row by row.
    switch (config.sandbox) {
    case SandboxChoice::NotGiven:
    case SandboxChoice::HostProcess:
        config.hostProcessEnabled = true;
        config.bubblewrapEnabled = false;
        config.docker = DockerMode::Auto;
        break;
    case SandboxChoice::Bubblewrap:
        config.hostProcessEnabled = false;
        config.bubblewrapEnabled = true;
        config.docker = DockerMode::Auto;
        break;
    case SandboxChoice::Docker:
        config.hostProcessEnabled = false;
        config.bubblewrapEnabled = false;
        config.docker = DockerMode::Required;
        break;
    case SandboxChoice::None:
        config.hostProcessEnabled = false;
        config.bubblewrapEnabled = false;
        config.docker = DockerMode::Auto;
        break;
    }

    // Then the variable, whatever the row said. Only the exact lower-case words count: a near miss such as
    // "TRUE", "1" or " true" is refused rather than guessed, because guessing wrong changes the isolation.
    if (in.env.contains(hostProcessVariable)) {
        const QString value = in.env.value(hostProcessVariable);
        if (value == QLatin1String("true")) {
            config.hostProcessEnabled = true;
        } else if (value == QLatin1String("false")) {
            config.hostProcessEnabled = false;
        } else if (value.isEmpty()) {
            errors.add(hostProcessVariable,
                Messages::tr("%1 is set but empty; it must be exactly true or false. Set it to true or false, or "
                             "unset it.")
                    .arg(hostProcessVariable));
        } else {
            errors.add(hostProcessVariable,
                Messages::tr("%1 is %2; it must be exactly true or false (lower case, no spaces). Set it to true "
                             "or false, or unset it.")
                    .arg(hostProcessVariable, shown(value)));
        }
    }

    config.dockerUnrestrictedNetwork = in.env.contains(dockerNetworkVariable);
}

void parseIdleTimeout(const RunnerConfigInput &in, RunnerConfig &config, ErrorList &errors)
{
    if (!in.env.contains(idleTimeoutVariable)) {
        return;
    }
    const QString value = in.env.value(idleTimeoutVariable);
    bool tooLarge = false;
    const auto parsed = parseDecimal(value, &tooLarge);
    if (tooLarge) {
        errors.add(idleTimeoutVariable,
            Messages::tr("%1 is too large; the maximum is 2147483647 milliseconds. Give a smaller number of "
                         "milliseconds, or unset it.")
                .arg(idleTimeoutVariable));
    } else if (!parsed || *parsed == 0) {
        errors.add(idleTimeoutVariable,
            Messages::tr("%1 is %2; it must be a positive whole number of milliseconds, digits only (e.g. 600000). "
                         "Fix the value, or unset it.")
                .arg(idleTimeoutVariable, shown(value)));
    } else {
        config.idleTimeoutMs = *parsed;
    }
}

void parseCursor(const RunnerConfigInput &in, RunnerConfig &config, ErrorList &errors)
{
    // Choice: a variable that is present counts as defined even when empty (then it fails as empty). An
    // empty CURSOR_API_KEY is almost always a secret that did not expand; treating it as unset would
    // either disable the lane silently or blame the wrong variables. This matches the §8 treatment of an
    // empty CHECKFU_ENABLE_HOST_PROCESS_SANDBOX.
    const QStringList all { profileVariable, digestVariable, modelVariable, apiKeyVariable };
    QStringList missing;
    for (const auto &name : all) {
        if (!in.env.contains(name)) {
            missing.append(name);
        }
    }
    if (missing.size() == all.size()) {
        return;
    }

    const auto errorsBefore = errors.size();
    if (!missing.isEmpty()) {
        // One error naming only the missing variables (§8), so the fix is exactly "set these".
        errors.add(missing.join(QStringLiteral(", ")),
            Messages::tr("The Cursor lane is incomplete; not set: %1. Set these too, or unset the other Cursor "
                         "variables.")
                .arg(missing.join(QStringLiteral(", "))));
    }
    for (const auto &name : all) {
        if (in.env.contains(name) && in.env.value(name).isEmpty()) {
            errors.add(name,
                Messages::tr("%1 is set but empty. Give it a value, or unset all four Cursor variables.").arg(name));
        }
    }

    // Shape errors never echo the value: someone may have pasted the API key into the wrong variable.
    // anchoredPattern, not ^...$: PCRE's $ also matches before a trailing newline.
    static const QRegularExpression profileShape(
        QRegularExpression::anchoredPattern(QStringLiteral("hprof_[0-9a-f]{32}@[1-9][0-9]*")));
    static const QRegularExpression digestShape(
        QRegularExpression::anchoredPattern(QStringLiteral("sha256:[0-9a-f]{64}")));
    const QString profile = in.env.value(profileVariable);
    if (!profile.isEmpty() && !profileShape.match(profile).hasMatch()) {
        errors.add(profileVariable,
            Messages::tr("%1 does not have the expected shape hprof_<32 lower-case hex digits>@<version> (e.g. "
                         "hprof_0123456789abcdef0123456789abcdef@1). Copy the profile version exactly.")
                .arg(profileVariable));
    }
    const QString digest = in.env.value(digestVariable);
    if (!digest.isEmpty() && !digestShape.match(digest).hasMatch()) {
        errors.add(digestVariable,
            Messages::tr("%1 does not have the expected shape sha256:<64 lower-case hex digits>. Copy the release "
                         "digest exactly.")
                .arg(digestVariable));
    }

    if (errors.size() == errorsBefore) {
        config.cursor = CursorLane { profile, digest, in.env.value(modelVariable), in.env.value(apiKeyVariable) };
    }
}

void parseCredentialStore(const RunnerConfigInput &in, RunnerConfig &config, ErrorList &errors)
{
    if (!in.flags.contains(flag(ConfigFlag::CredentialStore))) {
        return;
    }
    const QString value = in.flags.value(flag(ConfigFlag::CredentialStore));
    if (value != QLatin1String("keychain") && value != QLatin1String("file")) {
        errors.add(ConfigKeys::option(ConfigFlag::CredentialStore),
            Messages::tr("--credential-store is %1; use keychain or file.").arg(shown(value)));
        return;
    }
    config.credentialStore = value;
}

void parseSlots(const RunnerConfigInput &in, RunnerConfig &config, ErrorList &errors)
{
    if (!in.flags.contains(flag(ConfigFlag::Slots))) {
        return;
    }
    const QString value = in.flags.value(flag(ConfigFlag::Slots));
    bool tooLarge = false;
    const auto parsed = parseDecimal(value, &tooLarge);
    if (!parsed || *parsed < 1 || *parsed > 64) {
        errors.add(ConfigKeys::option(ConfigFlag::Slots),
            Messages::tr("--slots is %1; use a whole number from 1 to 64.").arg(shown(value)));
        return;
    }
    config.slotCount = *parsed;
}

// A size flag in MiB from min to max; nullopt when not given or refused (`refusal` gets the value
// as %1 and max as %2).
std::optional<qint64> parseMib(
    const RunnerConfigInput &in, ConfigFlag which, qint64 min, qint64 max, const QString &refusal, ErrorList &errors)
{
    if (!in.flags.contains(flag(which)))
        return std::nullopt;
    const QString value = in.flags.value(flag(which));
    bool tooLarge = false;
    const auto parsed = parseDecimal(value, &tooLarge);
    if (!parsed || *parsed < min || *parsed > max) {
        errors.add(ConfigKeys::option(which), refusal.arg(shown(value)).arg(max));
        return std::nullopt;
    }
    return *parsed;
}

void parseGitCacheMib(const RunnerConfigInput &in, RunnerConfig &config, ErrorList &errors)
{
    config.gitCacheMib = parseMib(in, ConfigFlag::GitCacheMib, 0, RunnerConfig::MaxGitCacheMib,
        Messages::tr("--git-cache-mib is %1; use a whole number of MiB from 0 (keep no git mirrors) to %2."), errors)
                             .value_or(config.gitCacheMib);
}

void parseSnapshotStoreMib(const RunnerConfigInput &in, RunnerConfig &config, ErrorList &errors)
{
    config.snapshotStoreMib = parseMib(in, ConfigFlag::SnapshotStoreMib, 1, RunnerConfig::MaxSnapshotStoreMib,
        Messages::tr("--snapshot-store-mib is %1; use a whole number of MiB from 1 to %2."), errors)
                                  .value_or(config.snapshotStoreMib);
}

void parsePower(const RunnerConfigInput &in, RunnerConfig &config, ErrorList &errors)
{
    if (in.flags.contains(flag(ConfigFlag::KeepAwake))) {
        const QString value = in.flags.value(flag(ConfigFlag::KeepAwake));
        const qsizetype index = RunnerConfigParser::keepAwakeNames().indexOf(value);
        if (index < 0)
            errors.add(ConfigKeys::option(ConfigFlag::KeepAwake),
                Messages::tr("--keep-awake is %1; use always, ac (only on AC power) or never.").arg(shown(value)));
        else
            config.keepAwake = KeepAwake(index);
    }
    if (in.flags.contains(flag(ConfigFlag::DrainBelowBattery))) {
        const QString value = in.flags.value(flag(ConfigFlag::DrainBelowBattery));
        bool tooLarge = false;
        const auto parsed = parseDecimal(value, &tooLarge);
        if (!parsed || *parsed < 0 || *parsed > 100)
            errors.add(ConfigKeys::option(ConfigFlag::DrainBelowBattery),
                Messages::tr("--drain-below-battery is %1; use a whole percentage from 0 (never) to 100.")
                    .arg(shown(value)));
        else
            config.drainBelowBatteryPercent = *parsed;
    }
    if (in.flags.contains(flag(ConfigFlag::DrainOnMetered))) {
        const QString value = in.flags.value(flag(ConfigFlag::DrainOnMetered));
        if (value != QLatin1String("true") && value != QLatin1String("false"))
            errors.add(ConfigKeys::option(ConfigFlag::DrainOnMetered),
                Messages::tr("--drain-on-metered is %1; use true or false.").arg(shown(value)));
        else
            config.drainOnMetered = value == QLatin1String("true");
    }
}

void parseBubblewrapReadOnly(const RunnerConfigInput &in, RunnerConfig &config, ErrorList &errors)
{
    // The flag wins; a variable it overrides is not used, so it is not checked either.
    QString list;
    QString source;
    if (in.flags.contains(flag(ConfigFlag::BubblewrapReadOnly))) {
        list = in.flags.value(flag(ConfigFlag::BubblewrapReadOnly));
        source = readOnlyFlag;
    } else if (in.env.contains(readOnlyVariable)) {
        list = in.env.value(readOnlyVariable);
        source = readOnlyVariable;
    } else {
        return;
    }
    QStringList paths;
    const QStringList problems = RunnerConfigParser::readOnlyPathProblems(list, source, in.runnerStateDirs, &paths);
    for (const QString &problem : problems)
        errors.add(source, problem);
    if (problems.isEmpty()) {
        config.bubblewrapReadOnly = paths;
        config.bubblewrapReadOnlySource = paths.isEmpty() ? QString() : source;
    }
}

QString sandboxName(SandboxChoice choice)
{
    switch (choice) {
    case SandboxChoice::NotGiven:
        return Messages::tr("not given");
    case SandboxChoice::HostProcess:
        return QStringLiteral("host-process");
    case SandboxChoice::Bubblewrap:
        return QStringLiteral("bubblewrap");
    case SandboxChoice::Docker:
        return QStringLiteral("docker");
    case SandboxChoice::None:
        return QStringLiteral("none");
    }
    return QString();
}

QString onOff(bool on)
{
    return on ? Messages::tr("on") : Messages::tr("off");
}

} // namespace

std::variant<RunnerConfig, QList<ConfigError>> RunnerConfigParser::parse(const RunnerConfigInput &in)
{
    RunnerConfig config;
    ErrorList errors;
    parseEndpoint(in, config, errors);
    parseCode(in, config, errors);
    parseLabel(in, config, errors);
    parseSandbox(in, config, errors);
    parseIdleTimeout(in, config, errors);
    parseCursor(in, config, errors);
    parseCredentialStore(in, config, errors);
    parseSlots(in, config, errors);
    parseGitCacheMib(in, config, errors);
    parseSnapshotStoreMib(in, config, errors);
    parsePower(in, config, errors);
    parseBubblewrapReadOnly(in, config, errors);
    // No bad value exists for the token (§8); an empty one means "not given".
    config.workspaceToken = in.env.value(tokenVariable);
    if (!errors.isEmpty()) {
        return errors.take();
    }
    return config;
}

QString RunnerConfig::describe() const
{
    QStringList lines;
    if (endpoint.isEmpty()) {
        lines << Messages::tr("endpoint: not given (stored settings apply)");
    } else {
        lines << Messages::tr("endpoint: %1 (from %2)")
                     .arg(endpoint.toDisplayString(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveFragment),
                         endpointSource);
    }
    lines << (pairingCode ? Messages::tr("pairing code: %1 (from %2)")
                                .arg(PairingCode::parse(*pairingCode).redacted(), pairingCodeSource)
                          : Messages::tr("pairing code: %1").arg(Messages::tr("none")));
    lines << Messages::tr("label: %1").arg(label);

    QString dockerText;
    switch (docker) {
    case DockerMode::Off:
        dockerText = Messages::tr("off");
        break;
    case DockerMode::Auto:
        dockerText = Messages::tr("when a daemon answers");
        break;
    case DockerMode::Required:
        dockerText = Messages::tr("required");
        break;
    }
    lines << Messages::tr("sandbox: %1; host-process %2, bubblewrap %3, docker %4")
                 .arg(sandboxName(sandbox), onOff(hostProcessEnabled), onOff(bubblewrapEnabled), dockerText);
    if (!hostProcessEnabled && !bubblewrapEnabled && docker == DockerMode::Off) {
        lines << Messages::tr("no sandbox provider is on: this Runner will not claim work");
    }
    lines << Messages::tr("docker unrestricted network: %1")
                 .arg(dockerUnrestrictedNetwork ? Messages::tr("allowed") : Messages::tr("not allowed"));
    lines << Messages::tr("idle timeout: %1")
                 .arg(idleTimeoutMs ? Messages::tr("%1 ms").arg(*idleTimeoutMs) : Messages::tr("default"));
    if (cursor) {
        // The key is reported only as present.
        lines << Messages::tr("cursor lane: profile %1, release %2, model %3, API key set")
                     .arg(cursor->profileVersion, cursor->releaseDigest, cursor->model);
    } else {
        lines << Messages::tr("cursor lane: not configured");
    }
    lines << Messages::tr("workspace token: %1")
                 .arg(workspaceToken.isEmpty() ? Messages::tr("not set") : Messages::tr("set"));
    lines << Messages::tr("credential store: %1").arg(credentialStore ? *credentialStore : Messages::tr("default"));
    lines << Messages::tr("slots: %1").arg(slotCount);
    lines << Messages::tr("keep awake while runs are active: %1")
                 .arg(RunnerConfigParser::keepAwakeNames().value(int(keepAwake)));
    lines << Messages::tr("drain on battery: %1")
                 .arg(drainBelowBatteryPercent > 0 ? Messages::tr("below %1 %").arg(drainBelowBatteryPercent)
                                                   : Messages::tr("off"));
    lines << Messages::tr("drain on a metered network: %1").arg(onOff(drainOnMetered));
    lines << Messages::tr("bubblewrap read-only paths: %1")
                 .arg(bubblewrapReadOnly.isEmpty()
                         ? Messages::tr("none")
                         : Messages::tr("%1 (from %2)")
                               .arg(bubblewrapReadOnly.join(QLatin1Char(':')), bubblewrapReadOnlySource));
    return lines.join(QLatin1Char('\n'));
}

bool RunnerConfigInput::wantsStandardInput() const
{
    return flags.value(flag(ConfigFlag::Code)) == StandardInputValue;
}

std::optional<QString> RunnerConfigInput::readStandardInputLine()
{
#ifndef Q_OS_UNIX
    return std::nullopt; // the front ends offer --code - on Unix only
#else
    constexpr qsizetype MaxLine = 1024; // far above a code; a longer line is cut, then refused as a code
    QByteArray line;
    // Typed at a terminal: not echoed, so it stays out of the scrollback and off the screen.
    termios saved {};
    const bool terminal = ::isatty(STDIN_FILENO) == 1 && ::tcgetattr(STDIN_FILENO, &saved) == 0;
    if (terminal) {
        termios quiet = saved;
        quiet.c_lflag &= ~tcflag_t(ECHO);
        ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
        std::fputs(qPrintable(Messages::tr("Pairing code: ")), stderr);
        std::fflush(stderr);
    }
    bool ended = false;
    char c = 0;
    while (line.size() < MaxLine) {
        const ssize_t got = ::read(STDIN_FILENO, &c, 1);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            ended = line.isEmpty();
            break;
        }
        if (c == '\n')
            break;
        line.append(c);
    }
    if (terminal) {
        ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
        std::fputc('\n', stderr);
    }
    if (ended)
        return std::nullopt;
    return QString::fromUtf8(line);
#endif
}

QStringList RunnerConfigInput::defaultRunnerStateDirs()
{
    return { AppPaths::dataDir(), QFileInfo(AppPaths::settingsFile()).path(), AppPaths::runtimeDir() };
}

QStringList RunnerConfigParser::readOnlyPathProblems(
    const QString &list, const QString &field, const QStringList &stateDirs, QStringList *paths)
{
    // As a sandbox would see them: real directories, symlinks resolved.
    const auto real = [](const QString &path) {
        const QString canonical = QFileInfo(path).canonicalFilePath();
        return canonical.isEmpty() ? QDir::cleanPath(path) : canonical;
    };
    const auto within = [](const QString &path, const QString &base) {
        return path == base || base == QLatin1String("/") || path.startsWith(base + QLatin1Char('/'));
    };
    QStringList problems;
    QStringList cleaned;
    const QString fix
        = Messages::tr("Give existing absolute paths separated by ':', e.g. /home/me/.local/bin:/home/me/.nvm.");
    for (const QString &entry : list.split(QLatin1Char(':'), Qt::SkipEmptyParts)) {
        if (hasControlCharacter(entry)) {
            problems << Messages::tr("%1: a path contains a line break or control character. %2").arg(field, fix);
            continue;
        }
        if (!QDir::isAbsolutePath(entry)) {
            problems << Messages::tr("%1: %2 is not an absolute path. %3").arg(field, shown(entry), fix);
            continue;
        }
        const QString path = QDir::cleanPath(entry);
        if (!QFileInfo::exists(path)) {
            problems << Messages::tr("%1: %2 does not exist. %3").arg(field, shown(path), fix);
            continue;
        }
        const QString canonical = real(path);
        if (canonical == QLatin1String("/")) {
            problems << Messages::tr(
                "%1: %2 is the whole file system; the sandbox would show everything. Allow only the "
                "directories the harness needs.")
                            .arg(field, shown(path));
            continue;
        }
        bool clash = false;
        for (const QString &dir : stateDirs) {
            const QString state = real(dir);
            if (state.isEmpty() || !(within(canonical, state) || within(state, canonical)))
                continue;
            problems << Messages::tr(
                "%1: %2 would show the Runner's own state (%3) to the harness. Allow a narrower path "
                "that does not contain it, e.g. the directory the harness is installed in.")
                            .arg(field, shown(path), state);
            clash = true;
            break;
        }
        if (!clash && !cleaned.contains(path))
            cleaned.append(path);
    }
    if (paths)
        *paths = cleaned;
    return problems;
}

QString RunnerConfigParser::sandboxFlagValue(SandboxChoice choice)
{
    return choice == SandboxChoice::NotGiven ? QString() : sandboxName(choice);
}

QStringList RunnerConfigParser::keepAwakeNames()
{
    return { QStringLiteral("always"), QStringLiteral("ac"), QStringLiteral("never") };
}

} // namespace runnercore
