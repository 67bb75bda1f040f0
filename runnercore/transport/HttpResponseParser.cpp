#include <runnercore/transport/HttpResponseParser.h>

#include <QCoreApplication>

#include <algorithm>
#include <array>
#include <string_view>

namespace runnercore {

namespace {

// RFC 9110 tchar: what a field name (or a method) may hold. A table: it runs for every byte of
// every header name.
constexpr auto TokenChars = [] {
    std::array<bool, 256> table {};
    for (int c = 0; c < 256; ++c)
        table[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    for (char c : std::string_view("!#$%&'*+-.^_`|~"))
        table[static_cast<unsigned char>(c)] = true;
    return table;
}();

bool isTokenChar(char c)
{
    return TokenChars[static_cast<unsigned char>(c)];
}

bool isControl(char c)
{
    const auto u = static_cast<unsigned char>(c);
    return (u < 0x20 && u != '\t') || u == 0x7f;
}

bool isSpace(char c)
{
    return c == ' ' || c == '\t';
}

QByteArrayView trimmedOws(QByteArrayView text)
{
    while (!text.isEmpty() && isSpace(text.front()))
        text = text.sliced(1);
    while (!text.isEmpty() && isSpace(text.back()))
        text.chop(1);
    return text;
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// 1*DIGIT, at most 18 of them: no sign, no space, no overflow of a qint64.
qint64 parseDecimal(QByteArrayView text)
{
    if (text.isEmpty() || text.size() > 18)
        return -1;
    qint64 value = 0;
    for (char c : text) {
        if (c < '0' || c > '9')
            return -1;
        value = value * 10 + (c - '0');
    }
    return value;
}

// The elements of a comma-separated field value, without their surrounding space.
QList<QByteArrayView> elements(QByteArrayView value)
{
    QList<QByteArrayView> out;
    for (;;) {
        const qsizetype comma = value.indexOf(',');
        out.append(trimmedOws(comma < 0 ? value : value.first(comma)));
        if (comma < 0)
            return out;
        value = value.sliced(comma + 1);
    }
}

// A server-chosen value shown in an error: bounded and printable.
QString printable(QByteArrayView text)
{
    QByteArray out = text.first(std::min<qsizetype>(text.size(), 64)).toByteArray();
    for (char &c : out) {
        if (isControl(c) || static_cast<unsigned char>(c) >= 0x80)
            c = '?';
    }
    if (text.size() > 64)
        out += "...";
    return QString::fromLatin1(out);
}

} // namespace

bool HttpResponseParser::isTokenChar(char c)
{
    return runnercore::isTokenChar(c);
}

bool HttpResponseParser::isControlChar(char c)
{
    return isControl(c);
}

HttpResponseParser::HttpResponseParser(bool headRequest) : HttpResponseParser(Limits(), headRequest) { }

HttpResponseParser::HttpResponseParser(const Limits &limits, bool headRequest)
    : m_limits(limits), m_headRequest(headRequest)
{ }

QByteArray HttpResponseParser::header(QByteArrayView name) const
{
    for (const auto &[n, value] : m_headers) {
        if (n.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

qsizetype HttpResponseParser::lineLimit() const
{
    switch (m_stage) {
    case Stage::ChunkSize:
        return m_limits.maxChunkLineBytes;
    case Stage::ChunkEnd:
        return 1; // only the CR of its CR LF
    default: // the line and its LF within what is left of the head's budget
        return std::max<qsizetype>(0, m_limits.maxHeadBytes - m_headBytes - 1);
    }
}

qsizetype HttpResponseParser::feed(QByteArrayView data)
{
    qsizetype pos = 0;
    const qsizetype size = data.size();
    while (m_state == State::Incomplete && pos < size) {
        switch (m_stage) {
        case Stage::Body:
        case Stage::ChunkData: {
            const qint64 take = std::min<qint64>(m_remaining, size - pos);
            m_body.append(data.sliced(pos, take));
            pos += take;
            m_remaining -= take;
            if (m_remaining == 0) {
                if (m_stage == Stage::Body)
                    complete();
                else
                    m_stage = Stage::ChunkEnd;
            }
            break;
        }
        case Stage::UntilClose: {
            const qint64 take = size - pos;
            if (m_body.size() + take > m_limits.maxBodyBytes) {
                fail(Error::BodyTooLarge);
                return pos;
            }
            m_body.append(data.sliced(pos));
            pos = size;
            break;
        }
        case Stage::Done:
            return pos;
        default: { // a line: status, header, chunk size, chunk end or trailer
            const qsizetype eol = data.indexOf('\n', pos);
            const qsizetype length = (eol < 0 ? size : eol) - pos; // without the LF
            // Checked before anything else in the line, so a split read fails the same way.
            if (m_line.size() + length > lineLimit()) {
                fail(m_stage == Stage::ChunkSize     ? Error::MalformedChunkSize
                        : m_stage == Stage::ChunkEnd ? Error::MalformedChunkEnd
                                                     : Error::HeaderTooLarge);
                return pos;
            }
            if (eol < 0) {
                m_line.append(data.sliced(pos));
                return size;
            }
            QByteArrayView line = data.sliced(pos, length);
            if (!m_line.isEmpty()) {
                m_line.append(line);
                line = m_line;
            }
            pos = eol + 1;
            if (m_stage == Stage::ChunkSize || m_stage == Stage::ChunkEnd)
                m_framingBytes += line.size() + 1;
            else
                m_headBytes += line.size() + 1;
            takeLine(line);
            m_line.truncate(0);
            break;
        }
        }
    }
    return pos;
}

void HttpResponseParser::finish()
{
    if (m_state != State::Incomplete)
        return;
    if (m_stage == Stage::UntilClose) {
        m_keepAlive = false;
        complete();
        return;
    }
    fail(Error::Truncated);
}

bool HttpResponseParser::takeLine(QByteArrayView line)
{
    // CR LF or a bare LF ends a line; a CR anywhere else is how responses get split two ways.
    if (const qsizetype cr = line.indexOf('\r'); cr >= 0) {
        if (cr != line.size() - 1)
            return fail(Error::StrayCarriageReturn);
        line.chop(1);
    }
    switch (m_stage) {
    case Stage::StatusLine:
        return statusLine(line);
    case Stage::Headers:
        return headerLine(line, false);
    case Stage::Trailers:
        return headerLine(line, true);
    case Stage::ChunkSize:
        return chunkSize(line);
    case Stage::ChunkEnd:
        if (!line.isEmpty())
            return fail(Error::MalformedChunkEnd);
        m_stage = Stage::ChunkSize;
        return true;
    default:
        return false;
    }
}

bool HttpResponseParser::statusLine(QByteArrayView line)
{
    // "HTTP/1.1 200 OK": the version, a space, three digits, then the end or a space and a reason.
    if (line.size() < 12 || !line.startsWith("HTTP/1.") || (line[7] != '0' && line[7] != '1') || line[8] != ' '
        || (line.size() > 12 && line[12] != ' '))
        return fail(Error::NotHttp);
    int status = 0;
    for (qsizetype i = 9; i < 12; ++i) {
        if (line[i] < '0' || line[i] > '9')
            return fail(Error::NotHttp);
        status = status * 10 + (line[i] - '0');
    }
    if (status < 100 || status > 599)
        return fail(Error::NotHttp);
    if (std::any_of(line.begin() + 12, line.end(), isControl))
        return fail(Error::NotHttp);
    if (status == 101)
        return fail(Error::UnaskedProtocolSwitch);
    m_status = status;
    m_http11 = line[7] == '1';
    m_keepAlive = m_http11;
    m_headers.clear();
    m_fields = 0;
    m_stage = Stage::Headers;
    return true;
}

bool HttpResponseParser::headerLine(QByteArrayView line, bool trailer)
{
    if (line.isEmpty()) {
        if (trailer) {
            complete();
            return false;
        }
        if (m_status < 200) { // 100 Continue and friends: the real answer follows
            m_stage = Stage::StatusLine;
            return true;
        }
        return startBody();
    }
    if (isSpace(line.front())) // obsolete line folding: readers disagree on it
        return fail(Error::MalformedHeader);
    if (++m_fields > m_limits.maxHeaderFields)
        return fail(Error::TooManyHeaderFields);
    const qsizetype colon = line.indexOf(':');
    if (colon <= 0)
        return fail(Error::MalformedHeader);
    const QByteArrayView name = line.first(colon);
    if (!std::all_of(name.begin(), name.end(), isTokenChar)) // also no space before the colon
        return fail(Error::MalformedHeader);
    const QByteArrayView value = trimmedOws(line.sliced(colon + 1));
    if (std::any_of(value.begin(), value.end(), isControl))
        return fail(Error::MalformedHeader);
    if (!trailer) // trailer fields are read and dropped: none of them may change the framing
        m_headers.append({ name.toByteArray().toLower(), value.toByteArray() });
    return true;
}

bool HttpResponseParser::startBody()
{
    QList<QByteArrayView> codings;
    QList<QByteArrayView> lengths; // every element of every Content-Length field
    for (const auto &[name, value] : std::as_const(m_headers)) {
        if (name == "connection") {
            for (QByteArrayView option : elements(value)) {
                if (option.compare("close", Qt::CaseInsensitive) == 0)
                    m_keepAlive = false;
                else if (option.compare("keep-alive", Qt::CaseInsensitive) == 0 && !m_http11)
                    m_keepAlive = true;
            }
        } else if (name == "transfer-encoding") {
            codings.append(value);
        } else if (name == "content-length") {
            lengths.append(elements(value));
        }
    }
    // Two ways to frame one body: whichever we picked, another reader may pick the other.
    if (!codings.isEmpty() && !lengths.isEmpty()) {
        m_keepAlive = false;
        return fail(Error::TransferEncodingWithContentLength);
    }
    if (codings.size() > 1 || (codings.size() == 1 && codings.front().compare("chunked", Qt::CaseInsensitive) != 0)) {
        QByteArray all;
        for (QByteArrayView coding : std::as_const(codings))
            all += (all.isEmpty() ? "" : ", ") + coding.toByteArray();
        m_badCoding = all;
        return fail(Error::UnsupportedTransferEncoding);
    }
    qint64 length = -1;
    for (QByteArrayView element : std::as_const(lengths)) {
        if (parseDecimal(element) < 0)
            return fail(Error::InvalidContentLength);
    }
    for (QByteArrayView element : std::as_const(lengths)) {
        const qint64 value = parseDecimal(element);
        if (length >= 0)
            return fail(value == length ? Error::RepeatedContentLength : Error::ConflictingContentLength);
        length = value;
    }

    if (m_headRequest || m_status == 204 || m_status == 304) {
        complete();
        return false;
    }
    if (!codings.isEmpty()) {
        m_stage = Stage::ChunkSize;
        return true;
    }
    if (length >= 0) {
        if (length > m_limits.maxBodyBytes)
            return fail(Error::BodyTooLarge);
        if (length == 0) {
            complete();
            return false;
        }
        m_body.reserve(std::min<qint64>(length, 256 * 1024));
        m_remaining = length;
        m_stage = Stage::Body;
        return true;
    }
    m_keepAlive = false; // the close is the body's end
    m_stage = Stage::UntilClose;
    return true;
}

bool HttpResponseParser::chunkSize(QByteArrayView line)
{
    // 1*HEXDIG, then optional space and ";extensions" (ignored), nothing else.
    constexpr qsizetype MaxDigits = 15; // below 2^60: no overflow, and far above any body limit
    qint64 size = 0;
    qsizetype i = 0;
    for (; i < line.size(); ++i) {
        const int digit = hexValue(line[i]);
        if (digit < 0)
            break;
        if (i >= MaxDigits)
            return fail(Error::MalformedChunkSize);
        size = size * 16 + digit;
    }
    if (i == 0)
        return fail(Error::MalformedChunkSize);
    const QByteArrayView rest = trimmedOws(line.sliced(i));
    if (!rest.isEmpty() && (rest.front() != ';' || std::any_of(rest.begin(), rest.end(), isControl)))
        return fail(Error::MalformedChunkSize);
    // Extensions cost bytes that carry no data: a stream of them must not go on for ever.
    if (m_framingBytes > m_limits.maxHeadBytes + 8 * qint64(m_body.size()))
        return fail(Error::ChunkFramingTooLarge);
    if (size == 0) {
        m_fields = 0;
        m_stage = Stage::Trailers;
        return true;
    }
    if (size > m_limits.maxBodyBytes - m_body.size())
        return fail(Error::BodyTooLarge);
    m_remaining = size;
    m_stage = Stage::ChunkData;
    return true;
}

bool HttpResponseParser::fail(Error error)
{
    if (m_state == State::Incomplete) {
        m_state = State::Failed;
        m_error = error;
        m_keepAlive = false;
        m_line.clear();
    }
    return false;
}

void HttpResponseParser::complete()
{
    m_stage = Stage::Done;
    m_state = State::Complete;
}

QString HttpResponseParser::errorString() const
{
    switch (m_error) {
    case Error::None:
        return {};
    case Error::NotHttp:
        return tr("the server's answer is not HTTP/1.x");
    case Error::UnaskedProtocolSwitch:
        return tr("the server switched protocols without being asked");
    case Error::HeaderTooLarge:
        return tr("the response's header is larger than %1 KiB").arg(m_limits.maxHeadBytes / 1024);
    case Error::TooManyHeaderFields:
        return tr("the response's header has more than %1 fields").arg(m_limits.maxHeaderFields);
    case Error::MalformedHeader:
        return tr("the server sent a malformed header line");
    case Error::StrayCarriageReturn:
        return tr("the server sent a carriage return that does not end a line");
    case Error::InvalidContentLength:
        return tr("the server sent an invalid Content-Length");
    case Error::RepeatedContentLength:
        return tr("the server sent Content-Length more than once");
    case Error::ConflictingContentLength:
        return tr("the server sent conflicting Content-Length values");
    case Error::TransferEncodingWithContentLength:
        return tr("the server sent both Transfer-Encoding and Content-Length");
    case Error::UnsupportedTransferEncoding:
        return tr("the server used the transfer coding \"%1\"; only \"chunked\" is accepted")
            .arg(printable(m_badCoding));
    case Error::MalformedChunkSize:
        return tr("the server sent a malformed chunk size");
    case Error::MalformedChunkEnd:
        return tr("the server sent a chunk longer than its size");
    case Error::ChunkFramingTooLarge:
        return tr("the server sent more chunk framing than data");
    case Error::BodyTooLarge:
        return tr("the response is larger than %1 bytes").arg(m_limits.maxBodyBytes);
    case Error::Truncated:
        return tr("the connection closed in the middle of the response");
    }
    return {};
}

} // namespace runnercore
