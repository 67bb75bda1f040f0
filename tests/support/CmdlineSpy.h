#pragma once

#include <QByteArray>
#include <QList>
#include <QProcess>
#include <QSet>
#include <QString>

#include <memory>

// Another local account reading every /proc/<pid>/cmdline in a loop, as the attacker of issue 21 did: a throwaway
// user (useradd; the tests run as root) runs a python3 loop under setpriv, which reports every command line that
// holds something shaped like a pairing code or a checkfu: link, and every checkfu-runner/checkfu-tray process it
// could read. stop() (and the destructor) ends the loop and removes the user.
class CmdlineSpy
{
public:
    struct Sighting
    {
        double at = 0; // CLOCK_MONOTONIC seconds, as now() reads it
        qint64 pid = 0;
        QByteArray cmdline; // NULs as spaces
    };

    CmdlineSpy();
    ~CmdlineSpy();
    CmdlineSpy(const CmdlineSpy &) = delete;
    CmdlineSpy &operator=(const CmdlineSpy &) = delete;

    // False (with *error) when not root, or the user or the loop cannot be made.
    bool start(QString *error);
    void stop();
    QString user() const { return m_user; }

    // Command lines seen so far that contain `needle`.
    QList<Sighting> sightingsOf(const QByteArray &needle);
    // Whether the loop has read the command line of `pid` (a checkfu-runner or checkfu-tray): it could see it.
    bool hasRead(qint64 pid);
    // Full passes over /proc the loop has finished since it started.
    int passes();
    // The loop's clock.
    static double now();

private:
    void pump();

    QString m_user;
    std::unique_ptr<QProcess> m_loop;
    QByteArray m_buffer;
    QList<Sighting> m_sightings;
    QSet<qint64> m_read;
    int m_passes = 0;
};
