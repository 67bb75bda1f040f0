#pragma once

#include <QFile>
#include <QSet>
#include <QString>

#include <algorithm>
#include <atomic>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <utility>

// Peaks while something works in another thread or process, sampled from a thread of its own as
// fast as one walk after another allows, until stop(): the bytes below a directory (regular files
// at their size, each inode once, so that hard links count once and a file being written counts as
// far as it got) and, when given, a process's VmHWM (the kernel's own high-water mark of its
// resident memory). For figures the tests print and bound: a store's size during a take, a diff's
// scratch directory, the memory of `snapshots diff`.
class PeakUsage
{
public:
    explicit PeakUsage(const QString &directory) : m_directory(QFile::encodeName(directory))
    {
        m_thread = std::thread([this] {
            do {
                const qint64 bytes = bytesBelow(m_directory);
                m_peakBytes = std::max(m_peakBytes.load(), bytes);
                if (const qint64 pid = m_pid.load(); pid > 0)
                    m_peakHwmKiB = std::max(m_peakHwmKiB.load(), hwmKiB(pid));
                ++m_samples;
            } while (!m_stop);
        });
    }
    ~PeakUsage() { stop(); }
    PeakUsage(const PeakUsage &) = delete;
    PeakUsage &operator=(const PeakUsage &) = delete;

    void watchProcess(qint64 pid) { m_pid = pid; }
    // Ends sampling (one last sample is taken first).
    void stop()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
    }

    qint64 peakBytes() const { return m_peakBytes; }
    qint64 peakHwmKiB() const { return m_peakHwmKiB; }
    qint64 samples() const { return m_samples; }

    static qint64 bytesBelow(const QString &directory) { return bytesBelow(QFile::encodeName(directory)); }

    // VmHWM of a live process in KiB; 0 once it is gone.
    static qint64 hwmKiB(qint64 pid)
    {
        QFile status(QStringLiteral("/proc/%1/status").arg(pid));
        if (!status.open(QIODevice::ReadOnly))
            return 0;
        for (const QByteArray &line : status.readAll().split('\n')) {
            if (line.startsWith("VmHWM:"))
                return line.mid(6).trimmed().split(' ').value(0).toLongLong();
        }
        return 0;
    }

private:
    static qint64 bytesBelow(const QByteArray &directory)
    {
        QSet<std::pair<quint64, quint64>> seen;
        qint64 total = 0;
        walk(AT_FDCWD, directory, &seen, &total);
        return total;
    }

    // Files vanish and appear while this runs: whatever cannot be opened or stat'ed is skipped.
    static void walk(int parentFd, const QByteArray &name, QSet<std::pair<quint64, quint64>> *seen, qint64 *total)
    {
        const int fd = ::openat(parentFd, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        DIR *dir = fd >= 0 ? ::fdopendir(fd) : nullptr;
        if (!dir) {
            if (fd >= 0)
                ::close(fd);
            return;
        }
        while (const dirent *entry = ::readdir(dir)) {
            if (qstrcmp(entry->d_name, ".") == 0 || qstrcmp(entry->d_name, "..") == 0)
                continue;
            struct stat st = {};
            if (::fstatat(::dirfd(dir), entry->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
                continue;
            if (S_ISDIR(st.st_mode)) {
                walk(::dirfd(dir), QByteArray(entry->d_name), seen, total);
            } else if (S_ISREG(st.st_mode)) {
                const std::pair<quint64, quint64> inode { quint64(st.st_dev), quint64(st.st_ino) };
                if (!seen->contains(inode)) {
                    seen->insert(inode);
                    *total += st.st_size;
                }
            }
        }
        ::closedir(dir);
    }

    QByteArray m_directory;
    std::atomic<qint64> m_pid = 0;
    std::atomic<bool> m_stop = false;
    std::atomic<qint64> m_peakBytes = 0;
    std::atomic<qint64> m_peakHwmKiB = 0;
    std::atomic<qint64> m_samples = 0;
    std::thread m_thread;
};
