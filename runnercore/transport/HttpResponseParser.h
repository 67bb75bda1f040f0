#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QCoreApplication>
#include <QList>
#include <QPair>
#include <QString>

namespace runnercore {

// An HTTP/1.x response read from untrusted bytes, fed as they arrive: the status line, the
// header and the body's framing (Content-Length, chunked, until the connection closes), under
// hard limits. It refuses what two readers could frame differently (a repeated or conflicting
// Content-Length, Transfer-Encoding with Content-Length, any coding but exactly "chunked"), so a
// server or a middlebox cannot smuggle a second answer onto a kept-alive connection. Pure: no
// sockets, no timers, no allocation beyond the limits; the same bytes split anywhere give the
// same result.
class HttpResponseParser
{
    Q_DECLARE_TR_FUNCTIONS(HttpResponseParser)

public:
    enum class State {
        Incomplete, // needs more bytes (or finish() when the connection ended)
        Complete,
        Failed,
    };

    enum class Error {
        None,
        NotHttp, // the status line is not "HTTP/1.x NNN reason"
        UnaskedProtocolSwitch, // 101: we never ask for an upgrade
        HeaderTooLarge, // status line, header and trailer bytes together
        TooManyHeaderFields,
        MalformedHeader, // no colon, a name that is not a token, a folded line, a control character
        StrayCarriageReturn, // a CR that does not end a line
        InvalidContentLength,
        RepeatedContentLength, // even with the same value
        ConflictingContentLength,
        TransferEncodingWithContentLength,
        UnsupportedTransferEncoding, // anything but exactly one "chunked"
        MalformedChunkSize,
        MalformedChunkEnd, // a chunk's data is not followed by its line end
        ChunkFramingTooLarge, // chunk-size lines (extensions) out of proportion to the data
        BodyTooLarge,
        Truncated, // the connection ended before the response did
    };

    struct Limits
    {
        qsizetype maxHeadBytes = 64 * 1024; // status line(s), header and trailer lines together
        int maxHeaderFields = 200; // per response, and in the trailer
        qint64 maxBodyBytes = 8 * 1024 * 1024;
        qsizetype maxChunkLineBytes = 1024; // a chunk-size line with its extensions
    };

    // RFC 9110 tchar (what a field name or a method may hold), and a control character other than a
    // tab (NUL, CR, LF, DEL…: never inside a field value or a reason). The request side uses them too.
    static bool isTokenChar(char c);
    static bool isControlChar(char c);

    explicit HttpResponseParser(bool headRequest = false);
    HttpResponseParser(const Limits &limits, bool headRequest);

    // Takes the next bytes from the connection and returns how many belong to this response:
    // after Complete the rest is something the server sent unasked; after Failed, nothing more.
    qsizetype feed(QByteArrayView data);
    // The connection ended: a body read until the close is complete; anything else unfinished fails.
    void finish();

    State state() const { return m_state; }
    Error error() const { return m_error; }
    // One line for a person, saying what the server did wrong.
    QString errorString() const;
    // The body is read until the connection closes: its end is the close, not an error.
    bool readsUntilClose() const { return m_stage == Stage::UntilClose; }

    int status() const { return m_status; }
    // The final response's header fields, names in lower case, values without surrounding space.
    const QList<QPair<QByteArray, QByteArray>> &headers() const { return m_headers; }
    QByteArray header(QByteArrayView name) const; // the first field of that name (any case), or empty
    const QByteArray &body() const { return m_body; }
    // The connection may carry another request after this response: never after a failure, a
    // body read until the close, "Connection: close" or an HTTP/1.0 answer without keep-alive.
    bool keepAlive() const { return m_state == State::Complete && m_keepAlive; }

    const Limits &limits() const { return m_limits; }

private:
    enum class Stage { StatusLine, Headers, Body, ChunkSize, ChunkData, ChunkEnd, Trailers, UntilClose, Done };

    bool takeLine(QByteArrayView line); // false: failed or complete
    bool statusLine(QByteArrayView line);
    bool headerLine(QByteArrayView line, bool trailer);
    bool startBody();
    bool chunkSize(QByteArrayView line);
    qsizetype lineLimit() const;
    bool fail(Error error);
    void complete();

    Limits m_limits;
    bool m_headRequest = false;
    State m_state = State::Incomplete;
    Error m_error = Error::None;
    Stage m_stage = Stage::StatusLine;
    QByteArray m_line; // a line cut by the end of a read
    qsizetype m_headBytes = 0;
    qint64 m_framingBytes = 0; // chunk-size lines and chunk ends
    qint64 m_remaining = 0; // body or chunk bytes still to come
    int m_fields = 0; // in the current header or trailer
    int m_status = 0;
    bool m_http11 = false;
    bool m_keepAlive = false;
    QList<QPair<QByteArray, QByteArray>> m_headers;
    QByteArray m_body;
    QByteArray m_badCoding; // the refused Transfer-Encoding, for the error text
};

} // namespace runnercore
