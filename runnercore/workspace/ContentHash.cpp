#include <runnercore/workspace/ContentHash.h>

#include <runnercore/logging/Logging.h>

#include <QCryptographicHash>

#include <dlfcn.h>
#include <openssl/evp.h>

namespace runnercore {

namespace {

const HeldLogger logger("workspace");

// libcrypto is opened the first time something is hashed, not linked: linked, the dynamic loader
// relocated it at every start, 1.4 MiB of resident pages in an idle tray that may never take a
// snapshot (docs/performance.md). The same library and functions, so the same speed.
class LibCrypto
{
public:
    // The functions, or nullptr where libcrypto cannot be opened (Qt's SHA-256 is used then).
    static const LibCrypto *get()
    {
        // Opened once per process; never closed (dlclose under a running hash would unmap it).
        static const LibCrypto library;
        return library.m_handle ? &library : nullptr;
    }

    decltype(&EVP_MD_CTX_new) ctxNew = nullptr;
    decltype(&EVP_MD_CTX_free) ctxFree = nullptr;
    decltype(&EVP_sha256) sha256 = nullptr;
    decltype(&EVP_DigestInit_ex) init = nullptr;
    decltype(&EVP_DigestUpdate) update = nullptr;
    decltype(&EVP_DigestFinal_ex) final = nullptr;

private:
    // The soname of the headers this was built with: another major version has another ABI.
    static constexpr const char *soname = "libcrypto.so." QT_STRINGIFY(OPENSSL_SHLIB_VERSION);

    LibCrypto()
    {
        void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            logger->warn("{} could not be opened ({}): content is hashed by Qt's SHA-256, about ten times slower",
                soname, dlerror());
            return;
        }
        const bool found = resolve(handle, "EVP_MD_CTX_new", &ctxNew) && resolve(handle, "EVP_MD_CTX_free", &ctxFree)
            && resolve(handle, "EVP_sha256", &sha256) && resolve(handle, "EVP_DigestInit_ex", &init)
            && resolve(handle, "EVP_DigestUpdate", &update) && resolve(handle, "EVP_DigestFinal_ex", &final);
        if (!found) {
            logger->warn("{} lacks a SHA-256 function ({}): content is hashed by Qt's SHA-256, about ten times slower",
                soname, dlerror());
            dlclose(handle);
            return;
        }
        m_handle = handle;
    }

    template <typename Function> static bool resolve(void *handle, const char *name, Function *function)
    {
        *function = reinterpret_cast<Function>(dlsym(handle, name));
        return *function != nullptr;
    }

    void *m_handle = nullptr;
};

} // namespace

// m_context is an EVP_MD_CTX where libcrypto could be opened, else a QCryptographicHash: which one
// is fixed for the process by the first LibCrypto::get().
ContentHash::ContentHash()
{
    if (const LibCrypto *crypto = LibCrypto::get()) {
        EVP_MD_CTX *context = crypto->ctxNew();
        crypto->init(context, crypto->sha256(), nullptr);
        m_context = context;
    } else {
        m_context = new QCryptographicHash(QCryptographicHash::Sha256);
    }
}

ContentHash::~ContentHash()
{
    if (const LibCrypto *crypto = LibCrypto::get())
        crypto->ctxFree(static_cast<EVP_MD_CTX *>(m_context));
    else
        delete static_cast<QCryptographicHash *>(m_context);
}

void ContentHash::add(const char *data, qint64 size)
{
    if (const LibCrypto *crypto = LibCrypto::get())
        crypto->update(static_cast<EVP_MD_CTX *>(m_context), data, size_t(size));
    else
        static_cast<QCryptographicHash *>(m_context)->addData(QByteArrayView(data, size));
}

QByteArray ContentHash::hex()
{
    const LibCrypto *crypto = LibCrypto::get();
    if (!crypto)
        return static_cast<QCryptographicHash *>(m_context)->result().toHex();
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    crypto->final(static_cast<EVP_MD_CTX *>(m_context), digest, &length);
    return QByteArray(reinterpret_cast<const char *>(digest), int(length)).toHex();
}

QByteArray ContentHash::hexOf(const QByteArray &data)
{
    ContentHash hash;
    hash.add(data.constData(), data.size());
    return hash.hex();
}

} // namespace runnercore
