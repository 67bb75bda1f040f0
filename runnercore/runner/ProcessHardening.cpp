#include <runnercore/runner/ProcessHardening.h>

#include <runnercore/config/ConfigKeys.h>
#include <runnercore/config/RunnerConfig.h>

#include <QFile>
#include <QRegularExpression>

#include <cerrno>
#include <cstring>
#include <utility>
#include <vector>

#ifdef Q_OS_LINUX
#include <sys/prctl.h>
#endif

extern char **environ;

namespace runnercore {

namespace {

#ifdef Q_OS_LINUX
// The initial environment block as the kernel records it: fields 50 and 51 (env_start, env_end) of
// /proc/self/stat, i.e. what /proc/self/environ reads. Empty when unknown.
struct Block
{
    char *start = nullptr;
    char *end = nullptr;
};

Block initialBlock()
{
    QFile stat(QStringLiteral("/proc/self/stat"));
    if (!stat.open(QIODevice::ReadOnly))
        return {};
    const QByteArray text = stat.readAll();
    // The command name (field 2) may hold spaces and parentheses: count from its last ')'.
    const qsizetype close = text.lastIndexOf(')');
    if (close < 0)
        return {};
    const QList<QByteArray> fields = text.mid(close + 2).trimmed().split(' ');
    constexpr qsizetype EnvStart = 50 - 3, EnvEnd = 51 - 3; // fields.at(0) is field 3
    if (fields.size() <= EnvEnd)
        return {};
    bool startOk = false, endOk = false;
    const quintptr start = fields.at(EnvStart).toULongLong(&startOk);
    const quintptr end = fields.at(EnvEnd).toULongLong(&endOk);
    if (!startOk || !endOk || start == 0 || end <= start)
        return {};
    Block block { reinterpret_cast<char *>(start), reinterpret_cast<char *>(end) };
    // Only a block that environ still points into is known to be this process's memory as the kernel
    // describes it (PR_SET_MM may have moved it): write nowhere else.
    for (char **entry = environ; entry && *entry; ++entry) {
        if (*entry >= block.start && *entry < block.end)
            return block;
    }
    return {};
}
#endif

bool hasName(const char *entry, size_t length, const QByteArray &name)
{
    return length > size_t(name.size()) && std::memcmp(entry, name.constData(), size_t(name.size())) == 0
        && entry[name.size()] == '=';
}

// Anything shaped like a pairing code (CFU-XXXX…, any case, dashes or not), wherever it stands.
bool holdsCode(const QByteArray &argument)
{
    const QRegularExpression code(QStringLiteral("cfu-?[0-9a-z]{4}"), QRegularExpression::CaseInsensitiveOption);
    return code.match(QString::fromLocal8Bit(argument)).hasMatch();
}

bool isLink(const QByteArray &argument)
{
    return argument.trimmed().toLower().startsWith("checkfu:");
}

} // namespace

QList<QByteArray> ProcessHardening::redactedArguments(const QList<QByteArray> &arguments)
{
    const QByteArray codeFlag = ConfigKeys::option(ConfigFlag::Code).toLatin1();
    const QByteArray codeAssignment = codeFlag + '=';
    const QByteArray standardInput = RunnerConfigInput::StandardInputValue.toLatin1();
    QList<QByteArray> shown;
    bool codeValueNext = false;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QByteArray &argument = arguments.at(i);
        if (i == 0) { // the program
            shown.append(argument);
        } else if (std::exchange(codeValueNext, false)) {
            shown.append(argument == standardInput ? argument : HiddenArgument);
        } else if (argument == codeFlag) {
            shown.append(argument);
            codeValueNext = true;
        } else if (argument.startsWith(codeAssignment)) {
            const QByteArray value = argument.mid(codeAssignment.size());
            shown.append(value == standardInput ? argument : codeAssignment + HiddenArgument);
        } else if (holdsCode(argument) || isLink(argument)) {
            shown.append(HiddenArgument);
        } else {
            shown.append(argument);
        }
    }
    return shown;
}

int ProcessHardening::hideSecretArguments(int argc, char **argv)
{
    if (argc < 1 || !argv || !argv[0])
        return 0;
    QList<QByteArray> arguments;
    for (int i = 0; i < argc; ++i)
        arguments.append(QByteArray(argv[i]));
    const QList<QByteArray> shown = redactedArguments(arguments);
    int hidden = 0;
    for (qsizetype i = 0; i < arguments.size(); ++i)
        hidden += shown.at(i) != arguments.at(i) ? 1 : 0;
    if (hidden == 0)
        return 0;
    // The kernel's argument area: argv's strings, one after the other. A redacted list that would not fit
    // (a value shorter than HiddenArgument) leaves only the program's name.
    char *const start = argv[0];
    char *const end = argv[argc - 1] + std::strlen(argv[argc - 1]) + 1;
    QByteArray text;
    for (const QByteArray &argument : shown)
        text += argument + '\0';
    if (text.size() > end - start)
        text = arguments.first() + '\0';
    // volatile: nothing in this process reads these bytes again, but the kernel does.
    volatile char *bytes = start;
    for (qsizetype i = 0; i < end - start; ++i)
        bytes[i] = i < text.size() ? text.at(i) : '\0';
    return hidden;
}

ArgumentCopy::ArgumentCopy(int argc, char **argv) : m_argc(argc)
{
    m_strings.reserve(size_t(argc));
    for (int i = 0; i < argc; ++i)
        m_strings.emplace_back(argv[i]);
    for (QByteArray &string : m_strings)
        m_pointers.push_back(string.data());
    m_pointers.push_back(nullptr);
}

QList<QByteArray> ProcessHardening::secretVariables()
{
    QList<QByteArray> names;
    for (const EnvVar var : ConfigKeys::allEnvVars()) {
        if (ConfigKeys::isSecret(var))
            names.append(ConfigKeys::latin1Name(var));
    }
    return names;
}

bool ProcessHardening::disableDumps(QString *error)
{
#ifdef Q_OS_LINUX
    if (::prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0) {
        if (error)
            *error = QStringLiteral("prctl(PR_SET_DUMPABLE): %1").arg(QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
#else
    Q_UNUSED(error);
#endif
    return true;
}

bool ProcessHardening::isDumpable()
{
#ifdef Q_OS_LINUX
    return ::prctl(PR_GET_DUMPABLE, 0, 0, 0, 0) != 0;
#else
    return true;
#endif
}

int ProcessHardening::scrubEnvironment(const QList<QByteArray> &names)
{
    // Found before unsetting (unsetenv drops environ's pointers, not the bytes they pointed at), wiped
    // after, so the C library never reads an entry whose name is gone.
    std::vector<std::pair<char *, size_t>> found;
#ifdef Q_OS_LINUX
    const Block block = initialBlock();
    for (char *p = block.start; p && p < block.end;) {
        const size_t length = ::strnlen(p, size_t(block.end - p));
        for (const QByteArray &name : names) {
            if (hasName(p, length, name))
                found.emplace_back(p, length);
        }
        p += length + 1;
    }
#endif
    for (const QByteArray &name : names)
        qunsetenv(name.constData());
    for (const auto &[entry, length] : found) {
        // volatile: the compiler sees no later read of these bytes, but the kernel does.
        volatile char *bytes = entry;
        for (size_t i = 0; i < length; ++i)
            bytes[i] = '\0';
    }
    return int(found.size());
}

} // namespace runnercore
