#pragma once

#include <QString>

#include <spdlog/fmt/fmt.h>
#include <spdlog/spdlog.h>

#include <memory>
#include <mutex>

// Every log line is formatted by libfmt's own instance of this template (format.cc instantiates it
// for char). fmt 9 does not declare it extern, so without this each file that logs compiled its own
// copy with all of fmt's number and float writers: about 0.5 MB of the tray's code, touched at
// start-up (docs/performance.md). fmt 10 declares it extern itself.
#if !defined(FMT_HEADER_ONLY) && FMT_VERSION >= 90000 && FMT_VERSION < 100000
FMT_BEGIN_NAMESPACE
namespace detail {
extern template FMT_API void vformat_to<char>(
    buffer<char> &, basic_string_view<char>, basic_format_args<FMT_BUFFER_CONTEXT(char)>, locale_ref);
} // namespace detail
FMT_END_NAMESPACE
#endif

namespace runnercore {

class SecretMasker;

// spdlog setup: one logger per component (like Nextcloud's logging categories), all writing
// through a masking sink to a rotating file in the app's log folder and, for the CLI, stderr.
class Logging
{
public:
    struct Options
    {
        QString logDir; // empty: no file
        bool console = true; // stderr
        spdlog::level::level_enum level = spdlog::level::info;
    };

    // Replaces the sinks of every component logger; safe to call again (tests).
    static void init(const Options &options);
    // The component's logger ("http", "identity", "presence", ...); usable before init (stderr only).
    static std::shared_ptr<spdlog::logger> get(const char *component);
    // The masker every log line goes through; register each secret as soon as it is held.
    static SecretMasker &masker();
    static void flush();
    // Changes every component's level at run time (the tray's settings); thread-safe.
    static void setLevel(spdlog::level::level_enum level);
    static QString currentLogFile();
};

// A component's logger, held by the file that uses it: `const HeldLogger logger("runs");` at file scope,
// then `logger->info(...)`. Looked up once, on first use (so never during static initialisation), and
// kept: no lookup by name under a lock per call. init() redirects it rather than replacing it.
class HeldLogger
{
public:
    explicit constexpr HeldLogger(const char *component) : m_component(component) { }
    spdlog::logger *operator->() const
    {
        std::call_once(m_once, [this] { m_logger = Logging::get(m_component); });
        return m_logger.get();
    }

private:
    const char *m_component;
    mutable std::once_flag m_once;
    mutable std::shared_ptr<spdlog::logger> m_logger;
};

} // namespace runnercore

// QString in log lines, as UTF-8.
template <> struct fmt::formatter<QString> : fmt::formatter<std::string_view>
{
    template <typename Context> auto format(const QString &s, Context &ctx) const
    {
        const QByteArray utf8 = s.toUtf8();
        return fmt::formatter<std::string_view>::format(std::string_view(utf8.constData(), utf8.size()), ctx);
    }
};
