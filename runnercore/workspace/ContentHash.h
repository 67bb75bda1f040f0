#pragma once

#include <QByteArray>

namespace runnercore {

// SHA-256 of a workspace's content, by OpenSSL's libcrypto: it uses the CPU's SHA instructions
// where there are some (about 1.7 GB/s here, ten times Qt 6.4's own), and hashing every byte is
// most of what a snapshot, a restore and a verify cost. libcrypto is opened on the first hash, not
// linked (an idle tray never maps it); where it cannot be opened, Qt's SHA-256 gives the same digests.
class ContentHash
{
public:
    ContentHash();
    ~ContentHash();
    ContentHash(const ContentHash &) = delete;
    ContentHash &operator=(const ContentHash &) = delete;

    void add(const char *data, qint64 size);
    QByteArray hex(); // lowercase, 64 characters; once
    static QByteArray hexOf(const QByteArray &data);

private:
    void *m_context;
};

} // namespace runnercore
