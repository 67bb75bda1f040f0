#include "AppLanguage.h"

#include <QDir>
#include <QLibraryInfo>
#include <QLocale>

namespace {
const QString CatalogueDir = QStringLiteral(":/i18n");
const QString CataloguePrefix = QStringLiteral("checkfu_");
const QString English = QStringLiteral("en");

// "de" for "de", "de-DE", "de_AT"; lower case.
QString languageOf(const QString &name)
{
    return name.section(QLatin1Char('-'), 0, 0).section(QLatin1Char('_'), 0, 0).toLower();
}
} // namespace

AppLanguage::~AppLanguage()
{
    uninstall();
}

QStringList AppLanguage::available()
{
    QStringList codes;
    const QStringList files = QDir(CatalogueDir).entryList({ CataloguePrefix + QStringLiteral("*.qm") }, QDir::Files);
    for (const QString &file : files)
        codes << file.mid(CataloguePrefix.size()).chopped(3);
    codes.removeAll(English); // its catalogue holds only plurals (translations/checkfu_en.ts)
    codes.sort();
    codes.prepend(English);
    return codes;
}

std::optional<QString> AppLanguage::requested(const QStringList &arguments)
{
    std::optional<QString> code;
    const QString flag = QStringLiteral("--lang");
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString &argument = arguments.at(i);
        if (argument == QLatin1String("--"))
            break;
        if (argument == flag && i + 1 < arguments.size())
            code = arguments.at(++i);
        else if (argument.startsWith(flag + QLatin1Char('=')))
            code = argument.mid(flag.size() + 1);
    }
    return code;
}

QStringList AppLanguage::withoutLanguage(const QStringList &arguments)
{
    QStringList rest;
    const QString flag = QStringLiteral("--lang");
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString &argument = arguments.at(i);
        if (argument == QLatin1String("--")) {
            rest += arguments.mid(i);
            break;
        }
        if (i > 0 && argument == flag && i + 1 < arguments.size())
            ++i;
        else if (i == 0 || !argument.startsWith(flag + QLatin1Char('=')))
            rest << argument;
    }
    return rest;
}

QCommandLineOption AppLanguage::option()
{
    return QCommandLineOption(QStringLiteral("lang"),
        tr("Language of the messages: %1. Default: the system's language.").arg(available().join(QStringLiteral(", "))),
        QStringLiteral("code"));
}

bool AppLanguage::install(const std::optional<QString> &code, QString *error)
{
    uninstall();
    const QStringList codes = available();
    const bool known = code && codes.contains(*code);
    QString language;
    if (known) {
        language = *code;
    } else {
        // The first of the person's languages that we have; English (the source text) ends the search.
        for (const QString &name : QLocale::system().uiLanguages()) {
            const QString candidate = languageOf(name);
            if (codes.contains(candidate)) {
                language = candidate;
                break;
            }
        }
        if (language.isEmpty())
            language = English;
    }
    if (known)
        QLocale::setDefault(QLocale(language));
    // English too: its catalogue has the plural forms of every "%n …(s)" source ("1 run", "2 runs").
    if (m_app.load(CataloguePrefix + language, CatalogueDir)) {
        QCoreApplication::installTranslator(&m_app);
        // Qt's own texts (standard buttons, the parser's errors) where Debian's catalogue is installed.
        if (language != English
            && m_qt.load(QStringLiteral("qtbase_") + language, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QCoreApplication::installTranslator(&m_qt);
        m_language = language;
    }
    if (code && !known) {
        if (error)
            *error
                = tr("--lang: there is no language '%1'; use one of %2.").arg(*code, codes.join(QStringLiteral(", ")));
        return false;
    }
    return true;
}

void AppLanguage::uninstall()
{
    if (!m_qt.isEmpty())
        QCoreApplication::removeTranslator(&m_qt);
    if (!m_app.isEmpty())
        QCoreApplication::removeTranslator(&m_app);
    m_language = English;
}
