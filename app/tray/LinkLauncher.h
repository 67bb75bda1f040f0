#pragma once

#include <QObject>
#include <QString>
#include <QUrl>

// Opens a link or a folder in the person's desktop. The tray's process is a child subreaper once it
// runs host-process work (runnercore OrphanSweeper), so whatever xdg-open leaves running (a browser)
// would be adopted by the tray and, when it ends, stay a zombie: the tray cannot tell it from its own
// QProcess children to reap it. So xdg-open runs under `checkfu-run-reaper --nursery`, a subreaper
// that keeps those descendants to itself and exits once the last has ended.
class LinkLauncher : public QObject
{
    Q_OBJECT
public:
    // reaper: checkfu-run-reaper (empty: HostProcess::reaperPath()); opener: xdg-open (empty: from PATH).
    explicit LinkLauncher(QString reaper = {}, QString opener = {}, QObject *parent = nullptr);

    // Without a reaper or xdg-open, QDesktopServices::openUrl. False when nothing could be started.
    bool open(const QUrl &url);

private:
    QString m_reaper;
    QString m_opener;
};
