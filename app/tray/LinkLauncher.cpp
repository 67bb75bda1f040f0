#include "LinkLauncher.h"

#include <runnercore/sandbox/HostProcess.h>

#include <QDesktopServices>
#include <QProcess>
#include <QStandardPaths>

LinkLauncher::LinkLauncher(QString reaper, QString opener, QObject *parent)
    : QObject(parent)
    , m_reaper(reaper.isEmpty() ? runnercore::HostProcess::reaperPath() : std::move(reaper))
    , m_opener(opener.isEmpty() ? QStandardPaths::findExecutable(QStringLiteral("xdg-open")) : std::move(opener))
{ }

bool LinkLauncher::open(const QUrl &url)
{
    if (m_reaper.isEmpty() || m_opener.isEmpty())
        return QDesktopServices::openUrl(url);
    // A child of ours, reaped by QProcess. Should the tray quit first, only the nursery ends: what
    // it holds goes on, adopted by init.
    auto *process = new QProcess(this);
    process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    process->setStandardOutputFile(QProcess::nullDevice());
    process->setStandardInputFile(QProcess::nullDevice());
    connect(process, &QProcess::finished, process, &QObject::deleteLater);
    connect(process, &QProcess::errorOccurred, process, [process](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            process->deleteLater();
    });
    process->start(
        m_reaper, { QStringLiteral("--nursery"), QStringLiteral("--"), m_opener, url.toString(QUrl::FullyEncoded) });
    return process->state() != QProcess::NotRunning;
}
