#pragma once

// Shared by the libFuzzer targets (one fuzz_<name>.cpp each, corpus/<name>/ its seeds).

#include <runnercore/logging/Logging.h>

#include <QByteArray>
#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>

namespace FuzzSupport {

// An application object (timers need one) and logging that formats and masks every line (that
// code sees the untrusted text too) but writes it nowhere.
inline void init()
{
    static const bool done = [] {
        static int argc = 1;
        static char name[] = "checkfu-fuzz";
        static char *argv[] = { name, nullptr };
        new QCoreApplication(argc, argv); // lives as long as the process, as in the Runner
        runnercore::Logging::init({ QString(), false, spdlog::level::trace });
        return true;
    }();
    (void)done;
}

inline QByteArray bytes(const uint8_t *data, size_t size)
{
    return QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
}

// What ApiCall::interpret hands a caller for a 2xx answer: the body, when it is a JSON object.
inline std::optional<QJsonObject> jsonObject(const uint8_t *data, size_t size)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes(data, size), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return std::nullopt;
    return doc.object();
}

// A property the parser promises was broken: abort, so libFuzzer keeps the input as a crash.
inline void require(bool condition, const char *what)
{
    if (!condition) {
        fprintf(stderr, "fuzz property violated: %s\n", what);
        abort();
    }
}

} // namespace FuzzSupport
