#pragma once

#include <QCommandLineOption>
#include <QCoreApplication>
#include <QStringList>
#include <QTranslator>

#include <optional>

// The language checkfu-tray and checkfu-runner speak: the one `--lang` names, else the first of the
// system's languages (QLocale::system().uiLanguages()) that has a catalogue, else English, the source
// text. Catalogues are compiled in at :/i18n/checkfu_<lang>.qm (translations/); Qt's own (qtbase_<lang>.qm,
// Debian's qt6-translations-l10n) are loaded beside ours where installed.
class AppLanguage
{
    Q_DECLARE_TR_FUNCTIONS(AppLanguage)
public:
    AppLanguage() = default;
    AppLanguage(const AppLanguage &) = delete;
    AppLanguage &operator=(const AppLanguage &) = delete;
    ~AppLanguage();

    // "en", then every language with an embedded catalogue, sorted.
    static QStringList available();
    // The value of the last `--lang CODE` or `--lang=CODE` before a `--`, if any (arguments[0] is the program).
    static std::optional<QString> requested(const QStringList &arguments);
    // The arguments without what requested() read (a `--lang` without a value stays, for the parser to refuse).
    static QStringList withoutLanguage(const QStringList &arguments);
    // `--lang`, for every parser that accepts it; its help text is translated when this is called.
    static QCommandLineOption option();

    // Installs the catalogues of `code` (one of available()), or of the system's language when none is
    // given, and makes QLocale's default match. A code not available installs the system's language and
    // returns false with *error saying so (in that language), naming the flag and the available languages.
    bool install(const std::optional<QString> &code, QString *error = nullptr);
    // The language installed: "en" while no catalogue is.
    QString language() const { return m_language; }

private:
    void uninstall();

    QTranslator m_app;
    QTranslator m_qt;
    QString m_language = QStringLiteral("en");
};
