#include <runnercore/workspace/ContentHash.h>

#include <openssl/evp.h>

namespace runnercore {

ContentHash::ContentHash() : m_context(EVP_MD_CTX_new())
{
    EVP_DigestInit_ex(static_cast<EVP_MD_CTX *>(m_context), EVP_sha256(), nullptr);
}

ContentHash::~ContentHash()
{
    EVP_MD_CTX_free(static_cast<EVP_MD_CTX *>(m_context));
}

void ContentHash::add(const char *data, qint64 size)
{
    EVP_DigestUpdate(static_cast<EVP_MD_CTX *>(m_context), data, size_t(size));
}

QByteArray ContentHash::hex()
{
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    EVP_DigestFinal_ex(static_cast<EVP_MD_CTX *>(m_context), digest, &length);
    return QByteArray(reinterpret_cast<const char *>(digest), int(length)).toHex();
}

QByteArray ContentHash::hexOf(const QByteArray &data)
{
    ContentHash hash;
    hash.add(data.constData(), data.size());
    return hash.hex();
}

} // namespace runnercore
