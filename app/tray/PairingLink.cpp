#include "PairingLink.h"

#include <runnercore/identity/PairingCode.h>
#include <runnercore/transport/EndpointPolicy.h>
#include <runnercore/transport/ListeningSockets.h>

#include <QCoreApplication>
#include <QUrlQuery>

using namespace runnercore;

namespace {

// Far above any real link; a longer argument is not worth parsing.
constexpr qsizetype MaxLinkLength = 4096;

// The context of this file's messages, for lupdate and at run time alike.
struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(PairingLink)
};

const QString example = QStringLiteral("checkfu://pair?code=CFU-XXXX-XXXX-XXXX&endpoint=https://…");

bool isCheckfuUrl(const QUrl &url)
{
    return url.isValid() && url.scheme().compare(QLatin1String("checkfu"), Qt::CaseInsensitive) == 0;
}

bool isPairAction(const QUrl &url)
{
    // checkfu://pair?… puts "pair" in the host, checkfu:pair?… in the path; both mean the same.
    QString action = url.host().isEmpty() ? url.path() : url.host() + url.path();
    while (action.endsWith(QLatin1Char('/')))
        action.chop(1);
    return action.compare(QLatin1String("pair"), Qt::CaseInsensitive) == 0;
}

} // namespace

bool PairingLink::looksLikeLink(const QString &arg)
{
    return arg.trimmed().startsWith(QLatin1String("checkfu:"), Qt::CaseInsensitive);
}

bool PairingLink::isPairingLink(const QString &text)
{
    const QUrl url(text.trimmed(), QUrl::StrictMode);
    return text.size() <= MaxLinkLength && isCheckfuUrl(url) && isPairAction(url);
}

PairingLink PairingLink::parse(const QString &rawText)
{
    PairingLink link;
    const QString text = rawText.trimmed();
    if (text.size() > MaxLinkLength) {
        link.error = Messages::tr("The pairing link is too long to be a pairing link. Copy the link your administrator "
                                  "gave you again.");
        return link;
    }

    const QUrl url(text, QUrl::StrictMode);
    if (!isCheckfuUrl(url)) {
        link.error = Messages::tr("This is not a Checkfu pairing link; it should look like %1.").arg(example);
        return link;
    }
    if (!isPairAction(url)) {
        link.error = Messages::tr("This Checkfu link is not a pairing link (it should start with checkfu://pair?). Ask "
                                  "your administrator for a pairing link.");
        return link;
    }

    const QUrlQuery query(url);
    const QStringList codes = query.allQueryItemValues(QStringLiteral("code"), QUrl::FullyDecoded);
    const QStringList endpoints = query.allQueryItemValues(QStringLiteral("endpoint"), QUrl::FullyDecoded);
    // Two values would make the link mean two things; refuse rather than pick one.
    if (codes.size() > 1 || endpoints.size() > 1) {
        link.error
            = Messages::tr("The pairing link gives the code or the endpoint more than once. Ask your administrator "
                           "for a new link.");
        return link;
    }

    QStringList problems;
    if (endpoints.size() == 1) {
        if (const auto problem = EndpointPolicy::check(endpoints.first(), Messages::tr("The link's endpoint")))
            problems.append(*problem);
        else
            link.endpoint = EndpointPolicy::normalized(endpoints.first());
    }
    if (codes.isEmpty()) {
        problems.append(Messages::tr("The pairing link has no pairing code (code=…). Paste the code your administrator "
                                     "gave you instead."));
    } else {
        const PairingCode code = PairingCode::parse(codes.first());
        if (code.isValid())
            link.code = code.normalized();
        else
            problems.append(Messages::tr("The link's pairing code is not valid: %1").arg(code.error()));
    }
    link.error = problems.join(QLatin1Char(' '));
    return link;
}

void PairingLink::checkLoopbackOwner(quint32 uid, const QString &procNet)
{
    if (endpoint.isEmpty())
        return;
    if (const auto problem = ListeningSockets::loopbackProblem(endpoint, uid, procNet)) {
        endpoint.clear();
        error = error.isEmpty() ? *problem : *problem + QLatin1Char(' ') + error;
    }
}
