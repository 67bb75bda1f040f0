// libFuzzer target: HttpResponseParser over arbitrary bytes, whole and cut in two at a point the
// input chooses. Besides crashes and sanitizer reports, it stops on a cut that changes the result:
// the network decides where reads end, so the answer must not depend on it.
#include <runnercore/transport/HttpResponseParser.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

using namespace runnercore;

namespace {

struct Result
{
    HttpResponseParser::State state;
    HttpResponseParser::Error error;
    int status;
    QByteArray body;
    bool keepAlive;
    qsizetype headers;
};

Result parse(QByteArrayView bytes, qsizetype cut, bool head, bool close)
{
    HttpResponseParser parser(head);
    qsizetype used = parser.feed(bytes.first(cut));
    if (parser.state() == HttpResponseParser::State::Incomplete)
        used += parser.feed(bytes.sliced(cut));
    if (used > bytes.size())
        std::abort();
    if (close)
        parser.finish();
    (void)parser.errorString();
    (void)parser.header("location");
    return { parser.state(), parser.error(), parser.status(), parser.body(), parser.keepAlive(),
        parser.headers().size() };
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 1024 * 1024)
        return 0;
    const QByteArrayView bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    // The last byte picks the cut and the flags, and stays part of the response: seeds still
    // parse as written.
    const unsigned char pick = size > 0 ? data[size - 1] : 0;
    const bool head = (pick & 0x06) == 0x06; // answering a HEAD request
    const bool close = (pick & 0x01) != 0; // the connection ends after the bytes
    const qsizetype cut = size > 0 ? qsizetype((size_t(pick) * 7919u + size / 3) % (size + 1)) : 0;

    const Result whole = parse(bytes, bytes.size(), head, close);
    const Result split = parse(bytes, cut, head, close);
    if (whole.state != split.state || whole.error != split.error || whole.status != split.status
        || whole.keepAlive != split.keepAlive || whole.headers != split.headers
        || (whole.state != HttpResponseParser::State::Failed && whole.body != split.body))
        std::abort();
    return 0;
}
