#include "SecretMasker.h"

#include <QByteArray>
#include <QRegularExpression>
#include <QUrl>

#include <algorithm>

namespace {
const char *const Mask = "***";

void replaceAll(std::string &text, const std::string &needle)
{
    if (needle.empty())
        return;
    size_t pos = 0;
    while ((pos = text.find(needle, pos)) != std::string::npos) {
        text.replace(pos, needle.size(), Mask);
        pos += 3;
    }
}

std::vector<std::string> encodingsOf(const QString &secret)
{
    const QByteArray utf8 = secret.toUtf8();
    std::vector<std::string> forms { utf8.toStdString(), utf8.toBase64().toStdString(),
                                     QUrl::toPercentEncoding(secret).toStdString() };
    QString json = secret;
    json.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('"'), QStringLiteral("\\\""));
    forms.push_back(json.toUtf8().toStdString());
    forms.erase(std::remove_if(forms.begin(), forms.end(),
                               [](const std::string &f) { return f.size() < SecretMasker::MinimumSecretLength; }),
                forms.end());
    return forms;
}
} // namespace

void SecretMasker::addSecret(const QString &secret)
{
    if (secret.size() < MinimumSecretLength)
        return;
    std::lock_guard lock(m_mutex);
    for (auto &form : encodingsOf(secret)) {
        if (std::find(m_values.begin(), m_values.end(), form) == m_values.end())
            m_values.push_back(std::move(form));
    }
    // Longest first, so a value that contains another is masked whole.
    std::sort(m_values.begin(), m_values.end(), [](const auto &a, const auto &b) { return a.size() > b.size(); });
}

void SecretMasker::removeSecret(const QString &secret)
{
    std::lock_guard lock(m_mutex);
    for (const auto &form : encodingsOf(secret))
        m_values.erase(std::remove(m_values.begin(), m_values.end(), form), m_values.end());
}

std::string SecretMasker::mask(std::string_view text) const
{
    std::string out(text);
    {
        std::lock_guard lock(m_mutex);
        for (const auto &value : m_values)
            replaceAll(out, value);
    }
    // Our own credential shapes, masked even if never registered (bootstrap, workload, admin keys).
    static const QRegularExpression tokens(QStringLiteral("\\bcf[bwa]_[A-Za-z0-9_\\-]{8,}"));
    // Pairing codes: keep the first group for support, hide the rest.
    static const QRegularExpression codes(
        QStringLiteral("\\b(CFU-?[0-9A-Za-z]{4})-?[0-9A-Za-z]{4}-?[0-9A-Za-z]{4}\\b"));
    if (out.find("cf") == std::string::npos && out.find("CFU") == std::string::npos)
        return out;
    QString q = QString::fromStdString(out);
    q.replace(tokens, QString::fromLatin1(Mask));
    q.replace(codes, QStringLiteral("\\1-****-****"));
    return q.toStdString();
}

QString SecretMasker::mask(const QString &text) const
{
    return QString::fromStdString(mask(std::string_view(text.toStdString())));
}
