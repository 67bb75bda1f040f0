#include <runnercore/logging/Logging.h>

#include <runnercore/logging/SecretMasker.h>

#include <QDir>
#include <QFile>
#include <QtGlobal>

#include <spdlog/sinks/base_sink.h>
#include <spdlog/sinks/rotating_file_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>

#include <atomic>
#include <cstring>
#include <mutex>
#include <vector>

namespace runnercore {

namespace {

// Masks secrets in the message before any real sink formats it.
class MaskingSink : public spdlog::sinks::base_sink<std::mutex>
{
public:
    MaskingSink(SecretMasker &masker, std::vector<spdlog::sink_ptr> sinks) : m_masker(masker), m_sinks(std::move(sinks))
    { }

    // Every logger keeps this one sink for the life of the process (their users hold them); init()
    // swaps what it writes to, under the lock every log call takes.
    void setSinks(std::vector<spdlog::sink_ptr> sinks)
    {
        std::lock_guard lock(mutex_);
        m_sinks = std::move(sinks);
    }

protected:
    void sink_it_(const spdlog::details::log_msg &msg) override
    {
        const std::string masked = m_masker.mask(std::string_view(msg.payload.data(), msg.payload.size()));
        spdlog::details::log_msg copy(
            msg.time, msg.source, msg.logger_name, msg.level, spdlog::string_view_t(masked.data(), masked.size()));
        for (auto &child : m_sinks) {
            if (child->should_log(copy.level))
                child->log(copy);
        }
    }
    void flush_() override
    {
        for (auto &child : m_sinks)
            child->flush();
    }

private:
    SecretMasker &m_masker;
    std::vector<spdlog::sink_ptr> m_sinks;
};

constexpr size_t MaxLogFileBytes = 5 * 1024 * 1024;
constexpr size_t MaxLogFiles = 3;
// Each listed logger gets the sinks of the latest init(), even when it was first used before it
// (the tray reads its settings before it knows the log level).
const char *const Components[] = { "runner", "http", "identity", "presence", "credentials", "pairing", "config",
    "claims", "runs", "observations", "doctor", "tray", "settings", "sandbox", "acp", "qt" };

// Logging is process-wide by nature (spdlog's registry is); this is its one piece of shared state.
struct LoggingState
{
    SecretMasker masker;
    std::mutex mutex;
    // The one sink of every logger: stderr until init() names the real ones.
    std::shared_ptr<MaskingSink> sink = std::make_shared<MaskingSink>(
        masker, std::vector<spdlog::sink_ptr> { std::make_shared<spdlog::sinks::stderr_color_sink_mt>() });
    QString file;
    spdlog::level::level_enum level = spdlog::level::info;
    std::shared_ptr<spdlog::logger> qt; // Qt's own messages, once init() installed the handler
    // The handler Qt had before ours when it was not Qt's own (QTest's: ignoreMessage() and
    // failOnWarning() must keep working); null otherwise, so nothing reaches stderr unmasked.
    std::atomic<QtMessageHandler> previousQtHandler = nullptr;

    ~LoggingState()
    {
        // Qt may still warn while the process exits, after this state is gone.
        if (qt)
            qInstallMessageHandler(previousQtHandler.load());
    }
};

LoggingState &state()
{
    static LoggingState s;
    return s;
}

spdlog::level::level_enum levelOf(QtMsgType type)
{
    switch (type) {
    case QtDebugMsg:
        return spdlog::level::debug;
    case QtInfoMsg:
        return spdlog::level::info;
    case QtWarningMsg:
        return spdlog::level::warn;
    case QtCriticalMsg:
        return spdlog::level::err;
    case QtFatalMsg:
        return spdlog::level::critical;
    }
    return spdlog::level::warn;
}

// Qt's own messages (qDebug() ... qFatal(), Qt's warnings about itself) into the "qt" logger,
// through the masking sink like every other line.
void qtMessageHandler(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    auto &s = state();
    // A message while logging one (a sink that makes Qt warn) must not recurse.
    thread_local bool inside = false;
    if (!inside) {
        inside = true;
        std::shared_ptr<spdlog::logger> logger;
        {
            std::lock_guard lock(s.mutex);
            logger = s.qt;
        }
        const auto level = levelOf(type);
        if (context.category && std::strcmp(context.category, "default") != 0)
            logger->log(level, "{}: {}", context.category, message);
        else
            logger->log(level, "{}", message);
        if (type == QtFatalMsg)
            logger->flush(); // Qt aborts next
        inside = false;
    }
    if (const QtMessageHandler previous = s.previousQtHandler.load())
        previous(type, context, message);
}

// Called with the state's mutex held.
void installQtMessageHandler(LoggingState &s)
{
    // qInstallMessageHandler(nullptr) restores Qt's handler and returns the one before; asked a
    // second time, it returns Qt's own, which is how we tell the two apart.
    const QtMessageHandler current = qInstallMessageHandler(nullptr);
    const QtMessageHandler builtin = qInstallMessageHandler(nullptr);
    if (current != qtMessageHandler)
        s.previousQtHandler = current == builtin ? nullptr : current;
    qInstallMessageHandler(qtMessageHandler);
}

// The component's logger, created on first use with the one masking sink. Called with s.mutex held.
std::shared_ptr<spdlog::logger> loggerLocked(LoggingState &s, const char *component)
{
    if (auto existing = spdlog::get(component))
        return existing;
    auto logger = std::make_shared<spdlog::logger>(component, s.sink);
    logger->set_level(s.level);
    logger->flush_on(spdlog::level::info);
    spdlog::register_logger(logger);
    return logger;
}

} // namespace

void Logging::init(const Options &options)
{
    std::vector<spdlog::sink_ptr> sinks;
    QString file;
    if (!options.logDir.isEmpty()) {
        QDir().mkpath(options.logDir);
        QFile::setPermissions(options.logDir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        file = options.logDir + QStringLiteral("/checkfu-runner.log");
        try {
            sinks.push_back(std::make_shared<spdlog::sinks::rotating_file_sink_mt>(
                file.toStdString(), MaxLogFileBytes, MaxLogFiles));
        } catch (const spdlog::spdlog_ex &e) {
            // A read-only or full disk must not stop the Runner; say so on stderr.
            fprintf(stderr, "checkfu-runner: cannot open log file %s: %s\n", qPrintable(file), e.what());
            file.clear();
        }
    }
    if (options.console)
        sinks.push_back(std::make_shared<spdlog::sinks::stderr_color_sink_mt>());

    auto &s = state();
    std::lock_guard lock(s.mutex);
    s.sink->setSinks(std::move(sinks));
    s.file = file;
    s.level = options.level;
    // The loggers stay the same objects (held by their users); only the sink's targets and the level change.
    for (const char *name : Components) {
        auto logger = loggerLocked(s, name);
        if (std::strcmp(name, "qt") == 0)
            s.qt = logger;
    }
    spdlog::apply_all(
        [level = options.level](const std::shared_ptr<spdlog::logger> &logger) { logger->set_level(level); });
    // Qt's own messages (qWarning() ...) from now on go to the "qt" logger.
    installQtMessageHandler(s);
}

void Logging::setLevel(spdlog::level::level_enum level)
{
    auto &s = state();
    std::lock_guard lock(s.mutex);
    s.level = level;
    spdlog::apply_all([level](const std::shared_ptr<spdlog::logger> &logger) { logger->set_level(level); });
}

std::shared_ptr<spdlog::logger> Logging::get(const char *component)
{
    auto &s = state();
    std::lock_guard lock(s.mutex);
    return loggerLocked(s, component);
}

SecretMasker &Logging::masker()
{
    return state().masker;
}

void Logging::flush()
{
    spdlog::apply_all([](const std::shared_ptr<spdlog::logger> &l) { l->flush(); });
}

QString Logging::currentLogFile()
{
    std::lock_guard lock(state().mutex);
    return state().file;
}

} // namespace runnercore
