<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP" sourcelanguage="en">
<context>
    <name>Admission</name>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>The run asks for %1 %2; this machine offers: %3 (providers considered: %4).</source>
        <translation>実行は%1 %2 を要求していますが、このマシンが提供するのは %3 です（検討したプロバイダー: %4）。</translation>
    </message>
    <message>
        <source>This machine could realise it, but its enrollment ceiling does not allow it.</source>
        <translation>このマシンでは実現できますが、登録時の上限で許可されていません。</translation>
    </message>
    <message>
        <source>%1 not available</source>
        <translation>%1 は使用できません</translation>
    </message>
    <message>
        <source>The run asks for %1; this machine allows (within its enrollment ceiling) %2.</source>
        <translation>実行は %1 を要求していますが、このマシンが（登録時の上限内で）許可するのは %2 です。</translation>
    </message>
    <message>
        <source>%1 takes at most %2</source>
        <translation>%1 は最大 %2</translation>
    </message>
    <message>
        <source>The run asks for %1 mount(s) of kind %2; within its enrollment ceiling this machine offers mount kinds: %3 (%4).</source>
        <translation>実行は種類 %2 のマウントを %1 個要求していますが、このマシンが登録時の上限内で提供するマウントの種類は %3 です（%4）。</translation>
    </message>
    <message>
        <source>The run asks for model %1 from provider %2 (kind %3) with harness profile %4 and release digest %5</source>
        <translation>実行は、プロバイダー %2 のモデル %1（種類 %3）を、ハーネスプロファイル %4、リリースダイジェスト %5 で要求しています</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>; this machine has no Cursor lane configured.</source>
        <translation>。このマシンには Cursor レーンが設定されていません。</translation>
    </message>
    <message>
        <source>; this machine&apos;s Cursor lane is model %1 from provider &apos;cursor&apos; with harness profile %2 and release digest %3.</source>
        <translation>。このマシンの Cursor レーンは、プロバイダー &apos;cursor&apos; のモデル %1、ハーネスプロファイル %2、リリースダイジェスト %3 です。</translation>
    </message>
    <message>
        <source>image %1</source>
        <translation>イメージ %1</translation>
    </message>
    <message>
        <source>a launch of kind %1, not a container</source>
        <translation>コンテナーではない種類 %1 の起動</translation>
    </message>
    <message>
        <source>; the Cursor key goes only into a container of the harness image pinned to that release digest: launch.image must be &lt;name&gt;@%1 (or the local image id %1), but the run asks for %2.</source>
        <translation>。Cursor キーは、そのリリースダイジェストに固定されたハーネスイメージのコンテナーにだけ渡されます。launch.image は &lt;name&gt;@%1（またはローカルイメージ ID %1）である必要がありますが、実行が要求しているのは %2 です。</translation>
    </message>
    <message>
        <source>; this machine&apos;s Cursor lane matches, but no enabled sandbox provider allowed by the enrollment ceiling advertises that harness-owned model.</source>
        <translation>。このマシンの Cursor レーンは一致していますが、登録時の上限で許可された有効なサンドボックスプロバイダーのうち、そのハーネス所有のモデルを提示しているものがありません。</translation>
    </message>
    <message>
        <source>The run spec is invalid: %1</source>
        <translation>実行の仕様が無効です: %1</translation>
    </message>
    <message>
        <source>The run asks for tier %1, but no sandbox provider is enabled on this machine.</source>
        <translation>実行はレベル %1 を要求していますが、このマシンでは有効なサンドボックスプロバイダーがありません。</translation>
    </message>
    <message>
        <source>The run asks for tier %1, but the enrollment ceiling allows none of this machine&apos;s sandbox providers (%2).</source>
        <translation>実行はレベル %1 を要求していますが、登録時の上限ではこのマシンのサンドボックスプロバイダー（%2）はどれも許可されていません。</translation>
    </message>
    <message>
        <source>tier</source>
        <translation>レベル</translation>
    </message>
    <message>
        <source>network</source>
        <translation>ネットワーク</translation>
    </message>
    <message>
        <source>retention</source>
        <translation>保持</translation>
    </message>
    <message>
        <source>launch kind</source>
        <translation>起動の種類</translation>
    </message>
    <message>
        <source>harness driver</source>
        <translation>ハーネスドライバー</translation>
    </message>
    <message>
        <source>The run keeps zero data (ephemeral_zdr) but asks for a writable memory mount, whose changes would outlive it.</source>
        <translation>この実行はデータを保持しません（ephemeral_zdr）が、変更が実行より長く残る書き込み可能な memory マウントを要求しています。</translation>
    </message>
    <message>
        <source>The run keeps zero data (ephemeral_zdr) but asks for its workspace to be kept (snapshot.on_settle).</source>
        <translation>この実行はデータを保持しません (ephemeral_zdr) が、ワークスペースの保持 (snapshot.on_settle) を求めています。</translation>
    </message>
    <message>
        <source>The run asks for its workspace to be kept (snapshot.on_settle); within its enrollment ceiling this machine keeps no snapshots.</source>
        <translation>この実行はワークスペースの保持 (snapshot.on_settle) を求めていますが、登録時の上限の範囲では、このマシンはスナップショットを保持しません。</translation>
    </message>
    <message>
        <source>The run starts from a snapshot; within its enrollment ceiling this machine restores no snapshots.</source>
        <translation>この実行はスナップショットから始まりますが、登録時の上限の範囲では、このマシンはスナップショットを復元しません。</translation>
    </message>
    <message>
        <source>The run asks for the platform protocol %1 (plane_mcp %2); within its enrollment ceiling this machine relays: %3.</source>
        <translation>この実行はプラットフォームプロトコル %1（plane_mcp %2）を求めていますが、登録の上限内でこのマシンが中継するのは %3 です。</translation>
    </message>
</context>
<context>
    <name>ApiClient</name>
    <message>
        <source>refusing to send to %1: only https, or http to a loopback address</source>
        <translation>%1 への送信を拒否しました: https、またはループバックアドレス宛ての http のみ使用できます</translation>
    </message>
    <message>
        <source>refused a redirect to %1: only redirects within the endpoint&apos;s origin (%2) are followed</source>
        <translation>%1 へのリダイレクトを拒否しました: エンドポイントのオリジン（%2）内のリダイレクトにのみ従います</translation>
    </message>
    <message>
        <source>refused redirect to %1: more than %2 redirects</source>
        <translation>%1 へのリダイレクトを拒否しました: リダイレクトが %2 回を超えています</translation>
    </message>
    <message>
        <source>the response body is larger than 8 MiB</source>
        <translation>応答の本文が 8 MiB を超えています</translation>
    </message>
    <message>
        <source>HTTP %1 redirect without a Location</source>
        <translation>Location のない HTTP %1 リダイレクト</translation>
    </message>
    <message>
        <source>HTTP %1 answer is not a JSON object</source>
        <translation>HTTP %1 の応答が JSON オブジェクトではありません</translation>
    </message>
    <message>
        <source>HTTP %1 without the protocol&apos;s error body</source>
        <translation>プロトコルのエラー本文のない HTTP %1</translation>
    </message>
</context>
<context>
    <name>ApiError</name>
    <message>
        <source>network error: %1</source>
        <translation>ネットワークエラー: %1</translation>
    </message>
    <message>
        <source>protocol error: %1</source>
        <translation>プロトコルエラー: %1</translation>
    </message>
    <message>
        <source>aborted</source>
        <translation>中止されました</translation>
    </message>
</context>
<context>
    <name>AppLanguage</name>
    <message>
        <source>Language of the messages: %1. Default: the system&apos;s language.</source>
        <translation>メッセージの言語: %1。既定: システムの言語。</translation>
    </message>
    <message>
        <source>--lang: there is no language &apos;%1&apos;; use one of %2.</source>
        <translation>--lang: 言語 &apos;%1&apos; はありません。%2 のいずれかを指定してください。</translation>
    </message>
</context>
<context>
    <name>Autostart</name>
    <message>
        <source>Cannot start %1 at login: it is not an absolute path.</source>
        <translation>ログイン時に %1 を起動できません: 絶対パスではありません。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 に書き込めません: %2</translation>
    </message>
    <message>
        <source>Cannot remove %1: %2</source>
        <translation>%1 を削除できません: %2</translation>
    </message>
    <message>
        <source>Cannot change %1.</source>
        <translation>%1 を変更できません。</translation>
    </message>
    <message>
        <source>Cannot start %1 at login: its path contains a control character.</source>
        <translation>ログイン時に %1 を起動できません: パスに制御文字が含まれています。</translation>
    </message>
    <message>
        <source>Checkfu Runner</source>
        <translation>Checkfu Runner</translation>
    </message>
    <message>
        <source>Runs Checkfu coding-agent sessions on this machine</source>
        <translation>このマシンで Checkfu のコーディングエージェントのセッションを実行します</translation>
    </message>
</context>
<context>
    <name>BubblewrapProvider</name>
    <message>
        <source>the harness %1 is not visible in the sandbox: bubblewrap shows only the system directories, the run&apos;s own directory and the read-only paths the person allowed. To run it, add %2 to the bubblewrap read-only paths (--bubblewrap-read-only, %3, or Settings &gt; Bubblewrap read-only paths)</source>
        <translation>ハーネス %1 はサンドボックス内から見えません: bubblewrap が見せるのは、システムのディレクトリ、実行自身のディレクトリ、ユーザーが許可した読み取り専用パスだけです。実行するには、%2 を bubblewrap の読み取り専用パスに追加してください（--bubblewrap-read-only、%3、または「設定」&gt;「Bubblewrap の読み取り専用パス」）</translation>
    </message>
    <message>
        <source>bwrap is not installed (apt install bubblewrap)</source>
        <translation>bwrap がインストールされていません（apt install bubblewrap）</translation>
    </message>
    <message>
        <source>the bubblewrap provider cannot realise network %1</source>
        <translation>bubblewrap プロバイダーはネットワーク %1 を実現できません</translation>
    </message>
    <message>
        <source>the workspace of run %1 was not prepared</source>
        <translation>実行 %1 のワークスペースが準備されていません</translation>
    </message>
    <message>
        <source>cannot pass bwrap its options: %1</source>
        <translation>bwrap にオプションを渡せません: %1</translation>
    </message>
    <message>
        <source>the workspace root %1 cannot be shown in the bubblewrap sandbox: it would cover or lie in %2; use a root target such as /workspace</source>
        <translation>ワークスペースのルート %1 は bubblewrap サンドボックスに表示できません: %2 を覆うか、その中にあります。/workspace などのルートターゲットを使ってください</translation>
    </message>
</context>
<context>
    <name>CodePage</name>
    <message>
        <source>Pairing code</source>
        <translation>ペアリングコード</translation>
    </message>
    <message>
        <source>Paste the one-use code your administrator created for you. It looks like CFU-XXXX-XXXX-XXXX and works only for a few minutes.</source>
        <translation>管理者が発行した 1 回限りのコードを貼り付けてください。CFU-XXXX-XXXX-XXXX の形式で、有効期間は数分間だけです。</translation>
    </message>
    <message>
        <source>&amp;Code:</source>
        <translation>コード(&amp;C):</translation>
    </message>
    <message>
        <source>Spaces, line breaks, lower case and missing hyphens do not matter: the code is tidied up as you paste it.</source>
        <translation>空白、改行、小文字、ハイフンの抜けは気にする必要はありません。貼り付けたときにコードが自動で整えられます。</translation>
    </message>
    <message>
        <source>Pairing recovery is not supported on Windows: if this machine loses its pairing, ask your administrator for a new pairing code.</source>
        <translation>Windows ではペアリングの復旧はサポートされていません。このマシンのペアリングが失われた場合は、管理者に新しいペアリングコードを依頼してください。</translation>
    </message>
</context>
<context>
    <name>ConfigKeys</name>
    <message>
        <source>control plane URL, as --endpoint (the flag wins)</source>
        <translation>コントロールプレーンの URL。--endpoint と同じ（フラグが優先）</translation>
    </message>
    <message>
        <source>a Workspace Runner key, used instead of a pairing (a secret)</source>
        <translation>ペアリングの代わりに使うワークスペースランナーキー（秘密情報）</translation>
    </message>
    <message>
        <source>true or false: turns the host-process tier on or off, whatever --sandbox says</source>
        <translation>true または false: --sandbox の指定にかかわらず、ホストプロセスレベルをオンまたはオフにします</translation>
    </message>
    <message>
        <source>a run&apos;s idle timeout in milliseconds when its spec names none</source>
        <translation>実行の仕様で指定がない場合のアイドルタイムアウト（ミリ秒）</translation>
    </message>
    <message>
        <source>set (to anything): docker runs may ask for an unrestricted network</source>
        <translation>設定すると（値は任意）、docker の実行が無制限のネットワークを要求できます</translation>
    </message>
    <message>
        <source>the Cursor lane&apos;s harness profile version (all four Cursor variables or none)</source>
        <translation>Cursor レーンのハーネスのプロファイルバージョン（4 つの Cursor 変数をすべて設定するか、どれも設定しない）</translation>
    </message>
    <message>
        <source>the Cursor lane&apos;s harness release digest</source>
        <translation>Cursor レーンのハーネスのリリースダイジェスト</translation>
    </message>
    <message>
        <source>the Cursor lane&apos;s model</source>
        <translation>Cursor レーンのモデル</translation>
    </message>
    <message>
        <source>the Cursor lane&apos;s API key (a secret)</source>
        <translation>Cursor レーンの API キー（秘密情報）</translation>
    </message>
    <message>
        <source>as --bubblewrap-read-only (the flag wins)</source>
        <translation>--bubblewrap-read-only と同じ（フラグが優先）</translation>
    </message>
    <message>
        <source>Environment:</source>
        <translation>環境変数:</translation>
    </message>
    <message>
        <source>a one-use pairing code to redeem, as --code (the flag wins; a secret)</source>
        <translation>使用する 1 回限りのペアリングコード。--code と同じ（フラグが優先、秘密情報）</translation>
    </message>
</context>
<context>
    <name>ConfigResolver</name>
    <message>
        <source>the settings file holds a Cursor tuple, but the credential store (%1) has no Cursor API key; the Cursor lane is off</source>
        <translation>設定ファイルには Cursor の設定がありますが、認証情報ストア（%1）に Cursor API キーがありません。Cursor レーンはオフです</translation>
    </message>
    <message>
        <source>the Cursor API key could not be read, so the Cursor lane is off: %1</source>
        <translation>Cursor API キーを読み取れなかったため、Cursor レーンはオフです: %1</translation>
    </message>
    <message>
        <source>the Cursor tuple in the settings file cannot be used, so the Cursor lane is off: %1</source>
        <translation>設定ファイルの Cursor の設定を使用できないため、Cursor レーンはオフです: %1</translation>
    </message>
</context>
<context>
    <name>ControlPlaneLink</name>
    <message>
        <source>%1 — not opened: %2</source>
        <translation>%1 — 開きません: %2</translation>
    </message>
    <message>
        <source>%1 (on %2)</source>
        <translation>%1（%2 上）</translation>
    </message>
    <message>
        <source>the control plane&apos;s link is too long</source>
        <translation>コントロールプレーンのリンクが長すぎます</translation>
    </message>
    <message>
        <source>the control plane&apos;s link is not a valid address</source>
        <translation>コントロールプレーンのリンクは有効なアドレスではありません</translation>
    </message>
    <message>
        <source>it is a plain http:// link to %1; only https:// (or http:// to this machine) is opened</source>
        <translation>%1 への暗号化されていない http:// リンクです。開くのは https://（またはこのマシンへの http://）だけです</translation>
    </message>
    <message>
        <source>it is a %1: link; only https:// (or http:// to this machine) is opened</source>
        <translation>%1: のリンクです。開くのは https://（またはこのマシンへの http://）だけです</translation>
    </message>
    <message>
        <source>the control plane&apos;s link names no host, or carries a user name</source>
        <translation>コントロールプレーンのリンクにホストがないか、ユーザー名が含まれています</translation>
    </message>
</context>
<context>
    <name>CredentialStore</name>
    <message>
        <source>Protected credential storage is not supported on Windows yet: the Runner cannot keep its bootstrap credential safely on this machine. Run it on macOS or Linux, or use a Workspace Runner key in %1.</source>
        <translation>保護された認証情報の保存は、Windows ではまだサポートされていません。ランナーはこのマシンで初期認証情報を安全に保管できません。macOS または Linux で実行するか、%1 にワークスペースランナーキーを設定してください。</translation>
    </message>
    <message>
        <source>No credential account was given (the endpoint or runner id is missing): pair this Runner again.</source>
        <translation>認証情報のアカウントが指定されていません（エンドポイントまたはランナー ID がありません）。このランナーをもう一度ペアリングしてください。</translation>
    </message>
</context>
<context>
    <name>CursorKeyStore</name>
    <message>
        <source>The Cursor API key is empty.</source>
        <translation>Cursor API キーが空です。</translation>
    </message>
    <message>
        <source>This machine is not paired, and the Cursor API key belongs to a pairing: pair this machine first.</source>
        <translation>このマシンはペアリングされていません。Cursor API キーはペアリングに属するため、先にこのマシンをペアリングしてください。</translation>
    </message>
</context>
<context>
    <name>CursorPage</name>
    <message>
        <source>Cursor (optional)</source>
        <translation>Cursor（任意）</translation>
    </message>
    <message>
        <source>Lets this machine run Cursor agent sessions in Docker with your own Cursor API key. Fill in all four fields, or leave all of them empty to skip this.</source>
        <translation>自分の Cursor API キーで、このマシンの Docker で Cursor エージェントを実行できるようにします。4 つの欄をすべて入力するか、使わない場合はすべて空欄にしてください。</translation>
    </message>
    <message>
        <source>&amp;Pair</source>
        <translation>ペアリング(&amp;P)</translation>
    </message>
    <message>
        <source>Profile &amp;version:</source>
        <translation>プロファイルバージョン(&amp;V):</translation>
    </message>
    <message>
        <source>Release &amp;digest:</source>
        <translation>リリースダイジェスト(&amp;D):</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>モデル(&amp;M):</translation>
    </message>
    <message>
        <source>as your administrator named it</source>
        <translation>管理者が指定したとおりに入力</translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation>API キー(&amp;K):</translation>
    </message>
    <message>
        <source>The API key goes only into the container of a Cursor run that matches these values, never to the control plane. It is not shown again.</source>
        <translation>API キーは、これらの値に一致する Cursor の実行のコンテナーにだけ渡され、コントロールプレーンには送られません。再表示はされません。</translation>
    </message>
    <message>
        <source>Profile version</source>
        <translation>プロファイルバージョン</translation>
    </message>
    <message>
        <source>Release digest</source>
        <translation>リリースダイジェスト</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API キー</translation>
    </message>
    <message>
        <source>The Cursor lane needs all four fields or none; missing: %1. Fill them in, or clear the other fields to skip the Cursor lane.</source>
        <translation>Cursor レーンには 4 つの欄すべてが必要です（またはすべて空欄）。未入力: %1。入力するか、Cursor レーンを使わない場合はほかの欄を空にしてください。</translation>
    </message>
    <message>
        <source>K&amp;eep this Cursor lane and its stored API key for the new pairing</source>
        <translation>この Cursor レーンと保存済みの API キーを新しいペアリングでも使う(&amp;E)</translation>
    </message>
    <message>
        <source>The current pairing has a Cursor lane: profile version %1, release digest %2, model %3, with an API key in the credential store. Unless you keep it, the key is removed and the lane is off once this machine is paired again.</source>
        <translation>現在のペアリングには Cursor レーンがあります: プロファイルバージョン %1、リリースダイジェスト %2、モデル %3、認証情報ストアに API キーがあります。引き継がない場合、このマシンを再度ペアリングした時点でキーは削除され、レーンはオフになります。</translation>
    </message>
</context>
<context>
    <name>DiagnosticsDialog</name>
    <message>
        <source>Checkfu Runner Diagnostics</source>
        <translation>Checkfu Runner 診断</translation>
    </message>
    <message>
        <source>The checks have not run yet.</source>
        <translation>チェックはまだ実行されていません。</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>チェック</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>詳細</translation>
    </message>
    <message>
        <source>Run again</source>
        <translation>再実行</translation>
    </message>
    <message>
        <source>Copy to clipboard</source>
        <translation>クリップボードにコピー</translation>
    </message>
    <message>
        <source>Running the checks…</source>
        <translation>チェックを実行しています…</translation>
    </message>
    <message>
        <source>Hint: %1</source>
        <translation>ヒント: %1</translation>
    </message>
    <message>
        <source>Copied to the clipboard.</source>
        <translation>クリップボードにコピーしました。</translation>
    </message>
    <message>
        <source>Checkfu Runner %1 diagnostics</source>
        <translation>Checkfu Runner %1 の診断結果</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>スキップ</translation>
    </message>
    <message>
        <source>No checks ran.</source>
        <translation>実行されたチェックはありません。</translation>
    </message>
    <message>
        <source>1 check failed</source>
        <translation>失敗 1 件</translation>
    </message>
    <message>
        <source>%1 checks failed</source>
        <translation>失敗 %1 件</translation>
    </message>
    <message>
        <source>1 warning</source>
        <translation>警告 1 件</translation>
    </message>
    <message>
        <source>%1 warnings</source>
        <translation>警告 %1 件</translation>
    </message>
    <message>
        <source>1 skipped</source>
        <translation>スキップ 1 件</translation>
    </message>
    <message>
        <source>%1 skipped</source>
        <translation>スキップ %1 件</translation>
    </message>
    <message>
        <source>All checks passed</source>
        <translation>すべてのチェックに合格</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>.</source>
        <translation>。</translation>
    </message>
</context>
<context>
    <name>DockerCommand</name>
    <message>
        <source>docker exited with code %1</source>
        <translation>docker がコード %1 で終了しました</translation>
    </message>
    <message>
        <source>docker did not answer within %1 s</source>
        <translation>docker が %1 秒以内に応答しませんでした</translation>
    </message>
    <message>
        <source>the docker command is not installed (%1)</source>
        <translation>docker コマンドがインストールされていません（%1）</translation>
    </message>
    <message>
        <source>the docker command crashed</source>
        <translation>docker コマンドがクラッシュしました</translation>
    </message>
</context>
<context>
    <name>EndpointPage</name>
    <message>
        <source>Control plane</source>
        <translation>コントロールプレーン</translation>
    </message>
    <message>
        <source>The address of your Checkfu control plane. Your administrator gives it to you with the pairing code.</source>
        <translation>Checkfu コントロールプレーンのアドレスです。ペアリングコードと一緒に管理者から伝えられます。</translation>
    </message>
    <message>
        <source>&amp;Endpoint URL:</source>
        <translation>エンドポイント URL(&amp;E):</translation>
    </message>
    <message>
        <source>Only https:// is accepted, except plain http:// to this machine itself (127.0.0.1, [::1] or localhost), such as a local development control plane.</source>
        <translation>https:// のみ使用できます。ただし、ローカルの開発用コントロールプレーンのように、このマシン自身（127.0.0.1、[::1]、localhost）を指す場合は http:// も使用できます。</translation>
    </message>
    <message>
        <source>The endpoint</source>
        <translation>エンドポイント</translation>
    </message>
</context>
<context>
    <name>EndpointPolicy</name>
    <message>
        <source>%1 is empty. Give the control plane URL, e.g. %2.</source>
        <translation>%1 が空です。コントロールプレーンの URL を指定してください（例: %2）。</translation>
    </message>
    <message>
        <source>%1 contains a space, control character or backslash. Give a plain URL such as %2.</source>
        <translation>%1 に空白、制御文字、またはバックスラッシュが含まれています。%2 のような通常の URL を指定してください。</translation>
    </message>
    <message>
        <source>%1 is not a URL. Give the control plane URL with its scheme, e.g. %2.</source>
        <translation>%1 は URL ではありません。コントロールプレーンの URL をスキーム付きで指定してください（例: %2）。</translation>
    </message>
    <message>
        <source>%1 uses the scheme &apos;%2&apos;; only https:// is supported (http:// only for a loopback host). Give a URL such as %3.</source>
        <translation>%1 はスキーム &apos;%2&apos; を使用しています。サポートされているのは https:// だけです（http:// はループバックのホストに限ります）。%3 のような URL を指定してください。</translation>
    </message>
    <message>
        <source>%1 contains a user name or password (the part before &apos;@&apos;). Remove it: the Runner authenticates with its own credential.</source>
        <translation>%1 にユーザー名またはパスワード（&apos;@&apos; の前の部分）が含まれています。削除してください。ランナーは自身の認証情報で認証します。</translation>
    </message>
    <message>
        <source>%1 contains a query (&apos;?&apos;) or fragment (&apos;#&apos;). Give only the scheme, host, port and path, e.g. %2.</source>
        <translation>%1 にクエリ（&apos;?&apos;）またはフラグメント（&apos;#&apos;）が含まれています。スキーム、ホスト、ポート、パスだけを指定してください（例: %2）。</translation>
    </message>
    <message>
        <source>%1 has an IPv6 address without its closing &apos;]&apos;. Write it as e.g. http://[::1]:8080.</source>
        <translation>%1 の IPv6 アドレスに閉じ括弧 &apos;]&apos; がありません。http://[::1]:8080 のように記述してください。</translation>
    </message>
    <message>
        <source>%1 has text after the IPv6 address. Write it as e.g. http://[::1]:8080.</source>
        <translation>%1 の IPv6 アドレスの後に余分な文字があります。http://[::1]:8080 のように記述してください。</translation>
    </message>
    <message>
        <source>%1 has no host. Give the control plane URL, e.g. %2.</source>
        <translation>%1 にホストがありません。コントロールプレーンの URL を指定してください（例: %2）。</translation>
    </message>
    <message>
        <source>%1 has an invalid port. Use a number from 1 to 65535, or leave the port out.</source>
        <translation>%1 のポートが無効です。1〜65535 の数値を指定するか、ポートを省略してください。</translation>
    </message>
    <message>
        <source>%1 uses plain http:// with the host &apos;%2&apos;, which is not a loopback address. Use https://, or http:// only with 127.0.0.1 (any 127.x.x.x), [::1] or localhost.</source>
        <translation>%1 はループバックアドレスではないホスト &apos;%2&apos; に対して暗号化なしの http:// を使用しています。https:// を使用してください。http:// は 127.0.0.1（127.x.x.x 全般）、[::1]、localhost でのみ使用できます。</translation>
    </message>
    <message>
        <source>%1 is not a valid URL. Check the host name and path, e.g. %2.</source>
        <translation>%1 は有効な URL ではありません。ホスト名とパスを確認してください（例: %2）。</translation>
    </message>
</context>
<context>
    <name>FileTree</name>
    <message>
        <source>cannot open %1: %2</source>
        <translation>%1 を開けません: %2</translation>
    </message>
    <message>
        <source>%1 is not owned by this user</source>
        <translation>%1 の所有者はこのユーザーではありません</translation>
    </message>
    <message>
        <source>cannot make %1 private: %2</source>
        <translation>%1 を非公開にできません: %2</translation>
    </message>
    <message>
        <source>cannot create %1: %2</source>
        <translation>%1 を作成できません: %2</translation>
    </message>
    <message>
        <source>%1 is not a normalised path</source>
        <translation>%1 は正規化されたパスではありません</translation>
    </message>
    <message>
        <source>%1 is not a relative path to a file</source>
        <translation>%1 はファイルへの相対パスではありません</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: cannot create it: %2</source>
        <translation>%1: 作成できません: %2</translation>
    </message>
    <message>
        <source>%1: cannot write it: %2</source>
        <translation>%1: 書き込めません: %2</translation>
    </message>
    <message>
        <source>%1 already exists</source>
        <translation>%1 はすでに存在します</translation>
    </message>
    <message>
        <source>cannot open %1 (a symbolic link on its way, or not a directory): %2</source>
        <translation>%1 を開けません（途中にシンボリックリンクがあるか、ディレクトリではありません）: %2</translation>
    </message>
</context>
<context>
    <name>FreedesktopNotifications</name>
    <message>
        <source>Open</source>
        <translation>開く</translation>
    </message>
</context>
<context>
    <name>GitCheckout</name>
    <message>
        <source>git is not installed (apt install git)</source>
        <translation>git がインストールされていません（apt install git）</translation>
    </message>
    <message>
        <source>git init failed: %1</source>
        <translation>git init に失敗しました: %1</translation>
    </message>
    <message>
        <source>git remote add failed: %1</source>
        <translation>git remote add に失敗しました: %1</translation>
    </message>
    <message>
        <source>cannot create the git cache: %1</source>
        <translation>git キャッシュを作成できません: %1</translation>
    </message>
    <message>
        <source>another run holds the git cache of this repository for more than %1 s</source>
        <translation>別の実行がこのリポジトリの git キャッシュを %1 秒以上使用しています</translation>
    </message>
    <message>
        <source>Waiting for another run&apos;s fetch of this repository</source>
        <translation>別の実行によるこのリポジトリの取得を待っています</translation>
    </message>
    <message>
        <source>commit %1 is not in %2</source>
        <translation>コミット %1 は %2 にありません</translation>
    </message>
    <message>
        <source>Fetching %1</source>
        <translation>%1 を取得中</translation>
    </message>
    <message>
        <source>cannot fetch commit %1 from %2: %3</source>
        <translation>コミット %1 を %2 から取得できません: %3</translation>
    </message>
    <message>
        <source>cannot fetch %1 from %2: %3</source>
        <translation>%1 を %2 から取得できません: %3</translation>
    </message>
    <message>
        <source>Copying %1 from the git cache</source>
        <translation>%1 を git キャッシュからコピー中</translation>
    </message>
    <message>
        <source>the git cache of %1 is empty</source>
        <translation>%1 の git キャッシュは空です</translation>
    </message>
    <message>
        <source>cannot copy commit %1 from the git cache: %2</source>
        <translation>コミット %1 を git キャッシュからコピーできません: %2</translation>
    </message>
    <message>
        <source>Checking out %1</source>
        <translation>%1 をチェックアウト中</translation>
    </message>
    <message>
        <source>cannot check out %1: %2</source>
        <translation>%1 をチェックアウトできません: %2</translation>
    </message>
    <message>
        <source>HEAD is %1 after checkout, not %2</source>
        <translation>チェックアウト後の HEAD が %2 ではなく %1 です</translation>
    </message>
    <message>
        <source>cannot read .gitmodules in %1: %2</source>
        <translation>%1 の .gitmodules を読めません: %2</translation>
    </message>
    <message>
        <source>a submodule in .gitmodules asks to run a command on update</source>
        <translation>.gitmodules のサブモジュールが更新時にコマンドの実行を求めています</translation>
    </message>
    <message>
        <source>the submodule path &apos;%1&apos; in .gitmodules is refused (option-like, absolute or leaving the work tree)</source>
        <translation>.gitmodules のサブモジュールのパス &apos;%1&apos; は拒否されました（オプションに見える、絶対パス、または作業ツリーの外を指しています）</translation>
    </message>
    <message>
        <source>leaves its server</source>
        <translation>サーバーの外を指しています</translation>
    </message>
    <message>
        <source>the URL of submodule %1 (%2) %3</source>
        <translation>サブモジュール %1 の URL（%2）: %3</translation>
    </message>
    <message>
        <source>Fetching submodules</source>
        <translation>サブモジュールを取得中</translation>
    </message>
    <message>
        <source>cannot fetch the submodules: %1</source>
        <translation>サブモジュールを取得できません: %1</translation>
    </message>
    <message>
        <source>the repository takes %1 MiB, more than the run&apos;s disk_mib (%2 MiB)</source>
        <translation>リポジトリが %1 MiB あり、実行の disk_mib（%2 MiB）を超えています</translation>
    </message>
    <message>
        <source>stopped while fetching</source>
        <translation>取得中に停止しました</translation>
    </message>
    <message>
        <source>git gave no reason</source>
        <translation>git は理由を示しませんでした</translation>
    </message>
    <message>
        <source>the repository is larger than the run&apos;s disk_mib (%1 MiB)</source>
        <translation>リポジトリが実行の disk_mib（%1 MiB）より大きいです</translation>
    </message>
    <message>
        <source>cannot start git: %1</source>
        <translation>git を起動できません: %1</translation>
    </message>
    <message>
        <source>git lfs ls-files failed: %1</source>
        <translation>git lfs ls-files に失敗しました: %1</translation>
    </message>
    <message>
        <source>the LFS objects take %1 MiB (twice: store and work tree), more than the run&apos;s disk_mib (%2 MiB)</source>
        <translation>LFS オブジェクトが %1 MiB（ストアと作業ツリーで 2 倍）になり、実行の disk_mib（%2 MiB）を超えています</translation>
    </message>
    <message>
        <source>Downloading LFS objects</source>
        <translation>LFS オブジェクトをダウンロード中</translation>
    </message>
    <message>
        <source>git lfs checkout failed: %1</source>
        <translation>git lfs checkout に失敗しました: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n LFS object(s) are still pointers after checkout</source>
        <translation>
            <numerusform>チェックアウト後も %n 個の LFS オブジェクトがポインターのままです</numerusform>
        </translation>
    </message>
    <message>
        <source>git lfs install failed: %1</source>
        <translation>git lfs install に失敗しました: %1</translation>
    </message>
    <message>
        <source>cannot make the git directory of the mount: %1</source>
        <translation>マウントの git ディレクトリを作成できません: %1</translation>
    </message>
    <message>
        <source>the submodule %1 cannot be reached inside the work tree: %2</source>
        <translation>サブモジュール %1 に作業ツリーの中からたどり着けません: %2</translation>
    </message>
    <message>
        <source>cannot find the git directory of the submodule %1: %2</source>
        <translation>サブモジュール %1 の git ディレクトリが見つかりません: %2</translation>
    </message>
    <message>
        <source>the git directory of the submodule %1 is not under the mount&apos;s .git/modules</source>
        <translation>サブモジュール %1 の git ディレクトリがマウントの .git/modules の下にありません</translation>
    </message>
    <message>
        <source>cannot list the files of %1: %2</source>
        <translation>%1 のファイルを一覧できません: %2</translation>
    </message>
</context>
<context>
    <name>GitUrl</name>
    <message>
        <source>is empty (give the repository&apos;s https:// URL)</source>
        <translation>が空です（リポジトリの https:// URL を指定してください）</translation>
    </message>
    <message>
        <source>is longer than %1 characters</source>
        <translation>が %1 文字を超えています</translation>
    </message>
    <message>
        <source>starts with &apos;-&apos;, which git would read as an option</source>
        <translation>が &apos;-&apos; で始まっています。git はこれをオプションとして読みます</translation>
    </message>
    <message>
        <source>contains a space, control character or backslash</source>
        <translation>に空白、制御文字、またはバックスラッシュが含まれています</translation>
    </message>
    <message>
        <source>is not an https:// URL (local paths, scp-like and ext:: addresses are refused)</source>
        <translation>が https:// URL ではありません（ローカルパス、scp 形式、ext:: アドレスは拒否されます）</translation>
    </message>
    <message>
        <source>uses the scheme &apos;%1&apos;; only https:// is allowed (http:// only for a loopback host)</source>
        <translation>がスキーム &apos;%1&apos; を使っています。https:// のみ使用できます（http:// はループバックホストのみ）</translation>
    </message>
    <message>
        <source>contains a user name or password (the part before &apos;@&apos;): give it as the mount&apos;s credential instead</source>
        <translation>にユーザー名またはパスワード（&apos;@&apos; の前の部分）が含まれています。代わりにマウントの認証情報として指定してください</translation>
    </message>
    <message>
        <source>contains a query (&apos;?&apos;) or fragment (&apos;#&apos;)</source>
        <translation>にクエリ（&apos;?&apos;）またはフラグメント（&apos;#&apos;）が含まれています</translation>
    </message>
    <message>
        <source>has no host</source>
        <translation>にホストがありません</translation>
    </message>
    <message>
        <source>uses plain http:// with the host &apos;%1&apos;, which is not a loopback address; use https://</source>
        <translation>がループバックアドレスではないホスト &apos;%1&apos; で平文の http:// を使っています。https:// を使用してください</translation>
    </message>
    <message>
        <source>is not a valid URL</source>
        <translation>が有効な URL ではありません</translation>
    </message>
    <message>
        <source>is empty (give null or a full ref such as refs/heads/main)</source>
        <translation>が空です（null または refs/heads/main のような完全な ref を指定してください）</translation>
    </message>
    <message>
        <source>is longer than 1024 characters</source>
        <translation>が 1024 文字を超えています</translation>
    </message>
    <message>
        <source>is not a full ref (it must start with refs/, e.g. refs/heads/main)</source>
        <translation>が完全な ref ではありません（refs/ で始まる必要があります。例: refs/heads/main）</translation>
    </message>
    <message>
        <source>contains a character a ref cannot hold (space, control, ~ ^ : ? * [ or \)</source>
        <translation>に ref に使えない文字（空白、制御文字、~ ^ : ? * [ または \）が含まれています</translation>
    </message>
    <message>
        <source>is not a well-formed ref name</source>
        <translation>が正しい形式の ref 名ではありません</translation>
    </message>
</context>
<context>
    <name>HostProcess</name>
    <message>
        <source>cannot start %1: %2</source>
        <translation>%1 を起動できません: %2</translation>
    </message>
    <message>
        <source>%1 was killed by signal %2</source>
        <translation>%1 はシグナル %2 で強制終了されました</translation>
    </message>
    <message>
        <source>%1 exited with status %2 before starting it</source>
        <translation>%1 は起動前にステータス %2 で終了しました</translation>
    </message>
</context>
<context>
    <name>HostProcessProvider</name>
    <message>
        <source>cannot open %1: %2</source>
        <translation>%1 を開けません: %2</translation>
    </message>
    <message>
        <source>the harness argv is empty</source>
        <translation>ハーネスの argv が空です</translation>
    </message>
    <message>
        <source>%1 was not found on the harness PATH (%2)</source>
        <translation>%1 がハーネスの PATH（%2）に見つかりません</translation>
    </message>
    <message>
        <source>%1 is not an executable file</source>
        <translation>%1 は実行可能ファイルではありません</translation>
    </message>
    <message>
        <source>the run id %1 cannot name a directory</source>
        <translation>実行 ID %1 はディレクトリ名に使えません</translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation>%1 を作成できません</translation>
    </message>
    <message>
        <source>checkfu-run-reaper is missing (looked next to %1): reinstall the Runner</source>
        <translation>checkfu-run-reaper が見つかりません（%1 と同じ場所を確認しました）。ランナーを再インストールしてください</translation>
    </message>
    <message>
        <source>the workspace of run %1 was not prepared</source>
        <translation>実行 %1 のワークスペースが準備されていません</translation>
    </message>
</context>
<context>
    <name>HttpResponseParser</name>
    <message>
        <source>the server&apos;s answer is not HTTP/1.x</source>
        <translation>サーバーの応答が HTTP/1.x ではありません</translation>
    </message>
    <message>
        <source>the server switched protocols without being asked</source>
        <translation>サーバーが要求なしにプロトコルを切り替えました</translation>
    </message>
    <message>
        <source>the response&apos;s header is larger than %1 KiB</source>
        <translation>応答のヘッダーが %1 KiB を超えています</translation>
    </message>
    <message>
        <source>the response&apos;s header has more than %1 fields</source>
        <translation>応答のヘッダーのフィールドが %1 個を超えています</translation>
    </message>
    <message>
        <source>the server sent a malformed header line</source>
        <translation>サーバーが不正な形式のヘッダー行を送信しました</translation>
    </message>
    <message>
        <source>the server sent a carriage return that does not end a line</source>
        <translation>サーバーが行末ではない位置に CR（復帰）を送信しました</translation>
    </message>
    <message>
        <source>the server sent an invalid Content-Length</source>
        <translation>サーバーが無効な Content-Length を送信しました</translation>
    </message>
    <message>
        <source>the server sent Content-Length more than once</source>
        <translation>サーバーが Content-Length を複数回送信しました</translation>
    </message>
    <message>
        <source>the server sent conflicting Content-Length values</source>
        <translation>サーバーが矛盾する Content-Length の値を送信しました</translation>
    </message>
    <message>
        <source>the server sent both Transfer-Encoding and Content-Length</source>
        <translation>サーバーが Transfer-Encoding と Content-Length の両方を送信しました</translation>
    </message>
    <message>
        <source>the server used the transfer coding &quot;%1&quot;; only &quot;chunked&quot; is accepted</source>
        <translation>サーバーが転送コーディング &quot;%1&quot; を使用しました。使用できるのは &quot;chunked&quot; だけです</translation>
    </message>
    <message>
        <source>the server sent a malformed chunk size</source>
        <translation>サーバーが不正な形式のチャンクサイズを送信しました</translation>
    </message>
    <message>
        <source>the server sent a chunk longer than its size</source>
        <translation>サーバーが指定サイズより長いチャンクを送信しました</translation>
    </message>
    <message>
        <source>the server sent more chunk framing than data</source>
        <translation>サーバーがデータよりも多くのチャンク区切りを送信しました</translation>
    </message>
    <message>
        <source>the response is larger than %1 bytes</source>
        <translation>応答が %1 バイトを超えています</translation>
    </message>
    <message>
        <source>the connection closed in the middle of the response</source>
        <translation>応答の途中で接続が切断されました</translation>
    </message>
</context>
<context>
    <name>IdentityGrant</name>
    <message>
        <source>is empty</source>
        <translation>が空です</translation>
    </message>
    <message>
        <source>is later than expires_at</source>
        <translation>が expires_at より後です</translation>
    </message>
</context>
<context>
    <name>InlineMountWriter</name>
    <message>
        <source>%1 mount at %2: %3</source>
        <translation>%2 の %1 マウント: %3</translation>
    </message>
</context>
<context>
    <name>InstanceLock</name>
    <message>
        <source>Another Checkfu Runner (pid %1) is already running with this machine&apos;s credential. Stop it first (or use the tray); two at once would get the credential revoked as a clone.</source>
        <translation>別の Checkfu Runner（pid %1）がこのマシンの認証情報ですでに実行中です。先にそれを停止してください（またはトレイを使用してください）。2 つを同時に実行すると、クローンとみなされて認証情報が取り消されます。</translation>
    </message>
    <message>
        <source>Another Checkfu Runner is already running with this machine&apos;s credential (lock %1). Stop it first.</source>
        <translation>別の Checkfu Runner がこのマシンの認証情報ですでに実行中です（ロック %1）。先にそれを停止してください。</translation>
    </message>
</context>
<context>
    <name>JsonReader</name>
    <message>
        <source>field &apos;%1&apos; %2</source>
        <translation>フィールド「%1」%2</translation>
    </message>
    <message>
        <source>is missing</source>
        <translation>がありません</translation>
    </message>
    <message>
        <source>has the wrong type (expected a string)</source>
        <translation>の型が正しくありません（文字列である必要があります）</translation>
    </message>
    <message>
        <source>has the wrong type (expected a string or null)</source>
        <translation>の型が正しくありません（文字列または null である必要があります）</translation>
    </message>
    <message>
        <source>is out of range</source>
        <translation>が範囲外です</translation>
    </message>
    <message>
        <source>has the wrong type (expected an integer)</source>
        <translation>の型が正しくありません（整数である必要があります）</translation>
    </message>
    <message>
        <source>is out of range (%1, expected %2 to %3)</source>
        <translation>が範囲外です（%1。%2〜%3 である必要があります）</translation>
    </message>
    <message>
        <source>is not an RFC 3339 time</source>
        <translation>が RFC 3339 形式の時刻ではありません</translation>
    </message>
    <message>
        <source>has the wrong type (expected an object)</source>
        <translation>の型が正しくありません（オブジェクトである必要があります）</translation>
    </message>
    <message>
        <source>has the wrong type (expected an object or null)</source>
        <translation>の型が正しくありません（オブジェクトまたは null である必要があります）</translation>
    </message>
    <message>
        <source>has the wrong type (expected an array)</source>
        <translation>の型が正しくありません（配列である必要があります）</translation>
    </message>
    <message>
        <source>is not an identifier of the form %1&lt;32 hex digits&gt;</source>
        <translation>が %1&lt;16 進数 32 桁&gt; 形式の識別子ではありません</translation>
    </message>
</context>
<context>
    <name>LfsObjects</name>
    <message>
        <source>git-lfs printed a listing that is not a JSON object</source>
        <translation>git-lfs が出力した一覧は JSON オブジェクトではありません</translation>
    </message>
    <message>
        <source>git-lfs printed a listing without a list of files</source>
        <translation>git-lfs が出力した一覧にファイルのリストがありません</translation>
    </message>
    <message>
        <source>git-lfs listed a file without a sha256 oid and a size</source>
        <translation>git-lfs が sha256 の oid とサイズのないファイルを一覧に含めました</translation>
    </message>
    <message>
        <source>git-lfs listed object %1 with two sizes</source>
        <translation>git-lfs がオブジェクト %1 を 2 つの異なるサイズで一覧に含めました</translation>
    </message>
    <message>
        <source>the LFS server&apos;s batch answer is not a JSON object</source>
        <translation>LFS サーバーのバッチ応答は JSON オブジェクトではありません</translation>
    </message>
    <message>
        <source>the LFS server chose the transfer &apos;%1&apos;; only basic is supported</source>
        <translation>LFS サーバーが転送方式 &apos;%1&apos; を選びました。basic のみ対応しています</translation>
    </message>
    <message>
        <source>the LFS server&apos;s batch answer uses a hash other than sha256</source>
        <translation>LFS サーバーのバッチ応答が sha256 以外のハッシュを使っています</translation>
    </message>
    <message>
        <source>the LFS server&apos;s batch answer has no objects list</source>
        <translation>LFS サーバーのバッチ応答にオブジェクトのリストがありません</translation>
    </message>
    <message>
        <source>the LFS server did not answer for object %1</source>
        <translation>LFS サーバーがオブジェクト %1 に応答しませんでした</translation>
    </message>
    <message>
        <source>the LFS server has no object %1 (%2: %3)</source>
        <translation>LFS サーバーにオブジェクト %1 がありません（%2: %3）</translation>
    </message>
    <message>
        <source>the LFS server gives object %1 another size (%2, the pointer says %3)</source>
        <translation>LFS サーバーがオブジェクト %1 に別のサイズを示しています（%2、ポインターでは %3）</translation>
    </message>
    <message>
        <source>the LFS server gave no download address for object %1</source>
        <translation>LFS サーバーがオブジェクト %1 のダウンロード先を示しませんでした</translation>
    </message>
    <message>
        <source>the LFS server&apos;s headers for object %1 are not an object</source>
        <translation>LFS サーバーのオブジェクト %1 のヘッダーがオブジェクトではありません</translation>
    </message>
    <message>
        <source>the LFS server&apos;s header %1 for object %2 is not a string</source>
        <translation>LFS サーバーのオブジェクト %2 のヘッダー %1 が文字列ではありません</translation>
    </message>
    <message>
        <source>the LFS server sent too many headers for object %1</source>
        <translation>LFS サーバーがオブジェクト %1 に多すぎるヘッダーを送りました</translation>
    </message>
    <message>
        <source>the LFS server sent a header for object %1 that cannot be sent (%2)</source>
        <translation>LFS サーバーがオブジェクト %1 に送信できないヘッダーを送りました（%2）</translation>
    </message>
</context>
<context>
    <name>LfsTransfer</name>
    <message>
        <source>cannot create the LFS store in the work tree</source>
        <translation>作業ツリーに LFS ストアを作成できません</translation>
    </message>
    <message>
        <source>stopped while downloading LFS objects</source>
        <translation>LFS オブジェクトのダウンロード中に停止しました</translation>
    </message>
    <message>
        <source>the LFS address %1 is refused: it %2</source>
        <translation>LFS のアドレス %1 は拒否されました: アドレス%2</translation>
    </message>
    <message>
        <source>cannot write LFS object %1: %2</source>
        <translation>LFS オブジェクト %1 を書き込めません: %2</translation>
    </message>
    <message>
        <source>the LFS server&apos;s batch answer is larger than %1 MiB</source>
        <translation>LFS サーバーのバッチ応答が %1 MiB を超えています</translation>
    </message>
    <message>
        <source>the LFS server sends more than the %1 bytes of object %2</source>
        <translation>LFS サーバーがオブジェクト %2 の %1 バイトを超えて送信しています</translation>
    </message>
    <message>
        <source>%1 redirects more than %2 times</source>
        <translation>%1 が %2 回を超えてリダイレクトしています</translation>
    </message>
    <message>
        <source>the LFS server redirects its batch API (HTTP %1)</source>
        <translation>LFS サーバーがバッチ API をリダイレクトしています（HTTP %1）</translation>
    </message>
    <message>
        <source>cannot reach %1 (%2)</source>
        <translation>%1 に接続できません（%2）</translation>
    </message>
    <message>
        <source>%1 refused the mount&apos;s credential (HTTP %2)</source>
        <translation>%1 がマウントの認証情報を拒否しました（HTTP %2）</translation>
    </message>
    <message>
        <source>%1 answered HTTP %2</source>
        <translation>%1 が HTTP %2 を返しました</translation>
    </message>
    <message>
        <source>the transfer from %1 broke off (%2)</source>
        <translation>%1 からの転送が途中で切れました（%2）</translation>
    </message>
    <message>
        <source>LFS object %1 as downloaded does not match its oid and size</source>
        <translation>ダウンロードした LFS オブジェクト %1 が oid とサイズに一致しません</translation>
    </message>
    <message>
        <source>cannot store LFS object %1: %2</source>
        <translation>LFS オブジェクト %1 を保存できません: %2</translation>
    </message>
</context>
<context>
    <name>ListeningSockets</name>
    <message>
        <source>The link&apos;s endpoint %1 is on this machine, but Checkfu Runner cannot tell which user&apos;s program listens on port %2 here, so the link was refused. If you run that control plane yourself, type its address on this page.</source>
        <translation>リンクのエンドポイント %1 はこのマシン上にありますが、ポート %2 で待ち受けているのがどのユーザーのプログラムか Checkfu Runner には判断できないため、リンクを拒否しました。そのコントロールプレーンを自分で動かしている場合は、このページにアドレスを入力してください。</translation>
    </message>
    <message>
        <source>The link&apos;s endpoint %1 is on this machine, but nothing listens on port %2, so the link was refused: another user could start a program there later and pose as your control plane. Start your control plane first, then open the link again.</source>
        <translation>リンクのエンドポイント %1 はこのマシン上にありますが、ポート %2 で待ち受けているものがないため、リンクを拒否しました。別のユーザーが後でそこにプログラムを起動し、コントロールプレーンになりすます可能性があります。先にコントロールプレーンを起動してから、もう一度リンクを開いてください。</translation>
    </message>
    <message>
        <source>The link&apos;s endpoint %1 is on this machine, but the program listening on port %2 belongs to another user (uid %3), who could pose as your control plane and take this machine&apos;s runs. The link was refused.</source>
        <translation>リンクのエンドポイント %1 はこのマシン上にありますが、ポート %2 で待ち受けているプログラムは別のユーザー（uid %3）のものです。そのユーザーはコントロールプレーンになりすまし、このマシンの実行を奪う可能性があります。リンクを拒否しました。</translation>
    </message>
</context>
<context>
    <name>MachinePage</name>
    <message>
        <source>This machine</source>
        <translation>このマシン</translation>
    </message>
    <message>
        <source>The name you and your administrator will see for this machine in Checkfu. It defaults to the host name.</source>
        <translation>Checkfu であなたと管理者に表示される、このマシンの名前です。既定ではホスト名になります。</translation>
    </message>
    <message>
        <source>e.g. alice-laptop</source>
        <translation>例: alice-laptop</translation>
    </message>
    <message>
        <source>Machine &amp;label:</source>
        <translation>マシンのラベル(&amp;L):</translation>
    </message>
    <message>
        <source>The machine label is empty. Give a name that tells you which machine this is, e.g. %1.</source>
        <translation>マシンのラベルが空です。どのマシンかわかる名前を入力してください（例: %1）。</translation>
    </message>
    <message>
        <source>The machine label contains a line break or another control character. Use a plain one-line name.</source>
        <translation>マシンのラベルに改行などの制御文字が含まれています。1 行の通常の名前にしてください。</translation>
    </message>
    <message>
        <source>This pairing link is for the control plane %1.</source>
        <translation>このペアリングリンクはコントロールプレーン %1 用です。</translation>
    </message>
    <message>
        <source>This pairing link names no control plane: its code will be redeemed with %1, the control plane set on the first page.</source>
        <translation>このペアリングリンクにはコントロールプレーンの指定がありません。コードは最初のページで設定したコントロールプレーン %1 で使用されます。</translation>
    </message>
    <message>
        <source>Runs it sends will execute on this machine: continue only if you expected this link from your administrator.</source>
        <translation>そこから送られる実行はこのマシンで動作します。管理者からこのリンクが届く予定だった場合にだけ続けてください。</translation>
    </message>
    <message>
        <source>This machine works for %1 now: pairing replaces that.</source>
        <translation>このマシンは現在 %1 のために動作しています。ペアリングするとこれが置き換えられます。</translation>
    </message>
</context>
<context>
    <name>Materialization</name>
    <message>
        <source>the run&apos;s directories are gone</source>
        <translation>実行のディレクトリがなくなっています</translation>
    </message>
    <message>
        <source>git is not installed (apt install git)</source>
        <translation>git がインストールされていません（apt install git）</translation>
    </message>
    <message>
        <source>stopped while materialising</source>
        <translation>準備中に停止しました</translation>
    </message>
    <message>
        <source>this Runner keeps no snapshots</source>
        <translation>このランナーはスナップショットを保持しません</translation>
    </message>
    <message>
        <source>cannot create the git mount&apos;s target %1: %2</source>
        <translation>git マウントのターゲット %1 を作成できません: %2</translation>
    </message>
    <message>
        <source>the git mount&apos;s target %1 already exists (an earlier mount or the restored snapshot holds it); the Runner fetches a repository only into a directory it creates itself. Choose a target that does not exist yet, or leave %1 out of the earlier mount.</source>
        <translation>git マウントのターゲット %1 はすでに存在します（前のマウントか復元したスナップショットに含まれています）。ランナーはリポジトリを自分で作成したディレクトリにしか取得しません。まだ存在しないターゲットを選ぶか、前のマウントから %1 を外してください。</translation>
    </message>
</context>
<context>
    <name>MirrorCache</name>
    <message>
        <source>cannot open %1: %2</source>
        <translation>%1 を開けません: %2</translation>
    </message>
</context>
<context>
    <name>Notifier</name>
    <message>
        <source>This machine was disconnected from Checkfu</source>
        <translation>このマシンは Checkfu から切断されました</translation>
    </message>
    <message>
        <source>An administrator revoked this machine&apos;s credential. Pair it again with a new code to reconnect.</source>
        <translation>管理者がこのマシンの認証情報を取り消しました。再接続するには、新しいコードでもう一度ペアリングしてください。</translation>
    </message>
    <message>
        <source>Checkfu Runner stopped: a copy of this setup was running</source>
        <translation>Checkfu Runner が停止しました: この構成のコピーが実行されていました</translation>
    </message>
    <message>
        <source>Two Runner processes used this machine&apos;s credential, so Checkfu revoked it. Pair this machine again with a new code.</source>
        <translation>2 つのランナープロセスがこのマシンの認証情報を使用したため、Checkfu が認証情報を取り消しました。新しいコードでこのマシンをもう一度ペアリングしてください。</translation>
    </message>
    <message>
        <source>The agent asks for permission</source>
        <translation>エージェントが許可を求めています</translation>
    </message>
    <message>
        <source>Approval needed: %1</source>
        <translation>承認が必要です: %1</translation>
    </message>
    <message>
        <source>An agent session</source>
        <translation>エージェントのセッション</translation>
    </message>
    <message>
        <source>Session %1</source>
        <translation>セッション %1</translation>
    </message>
    <message>
        <source>%1 waits for your decision. Click to open it in the Checkfu dashboard.</source>
        <translation>%1 があなたの判断を待っています。クリックすると Checkfu ダッシュボードで開きます。</translation>
    </message>
    <message>
        <source>All runs finished</source>
        <translation>すべての実行が完了しました</translation>
    </message>
    <message>
        <source>Checkfu Runner finished its runs and signed off.</source>
        <translation>Checkfu Runner は実行を終えてサインオフしました。</translation>
    </message>
    <message>
        <source>Checkfu Runner finished its runs and is signing off.</source>
        <translation>Checkfu Runner は実行を終え、サインオフしています。</translation>
    </message>
    <message>
        <source>Checkfu Runner finished its runs and takes no new work until you resume it.</source>
        <translation>Checkfu Runner は実行を終えました。再開するまで新しい作業は受け付けません。</translation>
    </message>
    <message>
        <source>Checkfu Runner is back online</source>
        <translation>Checkfu Runner がオンラインに戻りました</translation>
    </message>
    <message>
        <source>the control plane</source>
        <translation>コントロールプレーン</translation>
    </message>
    <message>
        <source>Connected to %1 again after %2 offline.</source>
        <translation>%1 に再接続しました（オフラインだった時間: %2）。</translation>
    </message>
    <message>
        <source>1 minute</source>
        <translation>1 分</translation>
    </message>
    <message>
        <source>%1 minutes</source>
        <translation>%1 分</translation>
    </message>
    <message>
        <source>%1 hours</source>
        <translation>%1 時間</translation>
    </message>
    <message>
        <source>This machine is paired with Checkfu</source>
        <translation>このマシンは Checkfu とペアリングされました</translation>
    </message>
    <message>
        <source>Checkfu Runner is connecting and will take work when ready.</source>
        <translation>Checkfu Runner は接続中です。準備ができると作業を受け付けます。</translation>
    </message>
    <message>
        <source>Pairing failed</source>
        <translation>ペアリングに失敗しました</translation>
    </message>
    <message>
        <source>The pairing code was not accepted. Ask for a new code.</source>
        <translation>ペアリングコードが受け付けられませんでした。新しいコードを依頼してください。</translation>
    </message>
    <message>
        <source>%1 waits for your decision in the Checkfu dashboard. The control plane&apos;s link was not opened: %2.</source>
        <translation>%1 が Checkfu ダッシュボードであなたの判断を待っています。コントロールプレーンのリンクは開きませんでした: %2。</translation>
    </message>
    <message>
        <source>%1 waits for your decision. Click to open it in the Checkfu dashboard on %2.</source>
        <translation>%1 があなたの判断を待っています。クリックすると %2 上の Checkfu ダッシュボードで開きます。</translation>
    </message>
    <message>
        <source>The control plane gave up what this machine was running while it slept. &quot;Keep awake while runs are active&quot; in Settings keeps the computer awake, unless its lid is closed or someone puts it to sleep.</source>
        <translation>このマシンがスリープしている間に、コントロールプレーンはこのマシンの実行を打ち切りました。設定の「実行中はスリープしない」は、ふたを閉じたり誰かがスリープさせたりしない限り、コンピューターをスリープさせません。</translation>
    </message>
</context>
<context>
    <name>PairingCode</name>
    <message>
        <source>The pairing code is empty. Paste the code your admin gave you; it looks like CFU-XXXX-XXXX-XXXX.</source>
        <translation>ペアリングコードが空です。管理者から受け取ったコード（CFU-XXXX-XXXX-XXXX の形式）を貼り付けてください。</translation>
    </message>
    <message>
        <source>The pairing code must start with CFU- (it looks like CFU-XXXX-XXXX-XXXX). Copy the whole code your admin gave you.</source>
        <translation>ペアリングコードは CFU- で始まる必要があります（CFU-XXXX-XXXX-XXXX の形式）。管理者から受け取ったコード全体をコピーしてください。</translation>
    </message>
    <message>
        <source>The pairing code contains %1, which is not used in pairing codes (allowed: 0-9 and A-Z without I, L, O, U). Check the code your admin gave you.</source>
        <translation>ペアリングコードに、ペアリングコードでは使われない %1 が含まれています（使用できる文字: 0-9 と、I、L、O、U を除く A-Z）。管理者から受け取ったコードを確認してください。</translation>
    </message>
    <message numerus="yes">
        <source>The pairing code has %n character(s) after CFU-, expected 12. Check that you copied the whole code.</source>
        <translation>
            <numerusform>ペアリングコードの CFU- の後が %n 文字です（12 文字である必要があります）。コード全体をコピーしたか確認してください。</numerusform>
        </translation>
    </message>
    <message>
        <source>The pairing code has a hyphen in the wrong place. Groups are four characters: CFU-XXXX-XXXX-XXXX.</source>
        <translation>ペアリングコードのハイフンの位置が正しくありません。各グループは 4 文字です: CFU-XXXX-XXXX-XXXX。</translation>
    </message>
    <message>
        <source>(invalid pairing code)</source>
        <translation>（無効なペアリングコード）</translation>
    </message>
</context>
<context>
    <name>PairingLink</name>
    <message>
        <source>The pairing link is too long to be a pairing link. Copy the link your administrator gave you again.</source>
        <translation>ペアリングリンクとしては長すぎます。管理者から受け取ったリンクをもう一度コピーしてください。</translation>
    </message>
    <message>
        <source>This is not a Checkfu pairing link; it should look like %1.</source>
        <translation>これは Checkfu のペアリングリンクではありません。%1 のような形式のはずです。</translation>
    </message>
    <message>
        <source>This Checkfu link is not a pairing link (it should start with checkfu://pair?). Ask your administrator for a pairing link.</source>
        <translation>この Checkfu リンクはペアリングリンクではありません（checkfu://pair? で始まる必要があります）。管理者にペアリングリンクを依頼してください。</translation>
    </message>
    <message>
        <source>The pairing link gives the code or the endpoint more than once. Ask your administrator for a new link.</source>
        <translation>ペアリングリンクにコードまたはエンドポイントが複数回含まれています。管理者に新しいリンクを依頼してください。</translation>
    </message>
    <message>
        <source>The link&apos;s endpoint</source>
        <translation>リンクのエンドポイント</translation>
    </message>
    <message>
        <source>The pairing link has no pairing code (code=…). Paste the code your administrator gave you instead.</source>
        <translation>ペアリングリンクにペアリングコード（code=…）がありません。代わりに管理者から受け取ったコードを貼り付けてください。</translation>
    </message>
    <message>
        <source>The link&apos;s pairing code is not valid: %1</source>
        <translation>リンクのペアリングコードが無効です: %1</translation>
    </message>
</context>
<context>
    <name>PairingRedemption</name>
    <message>
        <source>is too short to be a credential</source>
        <translation>は認証情報としては短すぎます</translation>
    </message>
    <message>
        <source>This pairing code does not exist. Check it for typos, or ask your administrator for a new one.</source>
        <translation>このペアリングコードは存在しません。入力ミスがないか確認するか、管理者に新しいコードを依頼してください。</translation>
    </message>
    <message>
        <source>This pairing code has already been used. Codes work once; ask your administrator for a new one.</source>
        <translation>このペアリングコードはすでに使用されています。コードは 1 回しか使えません。管理者に新しいコードを依頼してください。</translation>
    </message>
    <message>
        <source>This pairing code has expired. Codes last only a few minutes; ask your administrator for a new one.</source>
        <translation>このペアリングコードは有効期限が切れています。コードの有効期間は数分間だけです。管理者に新しいコードを依頼してください。</translation>
    </message>
    <message>
        <source>The control plane did not accept the pairing request: %1</source>
        <translation>コントロールプレーンがペアリング要求を受け付けませんでした: %1</translation>
    </message>
    <message>
        <source>Could not reach the control plane to redeem the code (%1). Check the endpoint and your network, then try again; the code was not used.</source>
        <translation>コードを使用するためにコントロールプレーンに接続できませんでした（%1）。エンドポイントとネットワークを確認してから、もう一度お試しください。コードは使用されていません。</translation>
    </message>
    <message>
        <source>Pairing failed: %1</source>
        <translation>ペアリングに失敗しました: %1</translation>
    </message>
</context>
<context>
    <name>PairingWizard</name>
    <message>
        <source>Docker %1 answers</source>
        <translation>Docker %1 が応答しています</translation>
    </message>
    <message>
        <source>the Docker daemon gave no version</source>
        <translation>Docker デーモンがバージョンを返しませんでした</translation>
    </message>
    <message>
        <source>no Docker daemon answers (%1)</source>
        <translation>応答する Docker デーモンがありません（%1）</translation>
    </message>
    <message>
        <source>Pair Checkfu Runner</source>
        <translation>Checkfu Runner のペアリング</translation>
    </message>
    <message>
        <source>Redeeming the pairing code with %1…</source>
        <translation>%1 でペアリングコードを使用しています…</translation>
    </message>
    <message>
        <source>&amp;New Code…</source>
        <translation>新しいコード(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Try Again</source>
        <translation>再試行(&amp;T)</translation>
    </message>
    <message>
        <source>Control plane: %1</source>
        <translation>コントロールプレーン: %1</translation>
    </message>
    <message>
        <source>Machine label: %1</source>
        <translation>マシンのラベル: %1</translation>
    </message>
    <message>
        <source>Sandbox: %1</source>
        <translation>サンドボックス: %1</translation>
    </message>
    <message>
        <source>Cursor lane: off</source>
        <translation>Cursor レーン: オフ</translation>
    </message>
    <message>
        <source>not chosen</source>
        <translation>未選択</translation>
    </message>
    <message>
        <source>host process (no isolation)</source>
        <translation>ホストプロセス（分離なし）</translation>
    </message>
    <message>
        <source>bubblewrap</source>
        <translation>bubblewrap</translation>
    </message>
    <message>
        <source>Docker only</source>
        <translation>Docker のみ</translation>
    </message>
    <message>
        <source>none on this machine (Docker when a daemon answers)</source>
        <translation>このマシン上では直接実行しない（デーモンが応答する場合は Docker）</translation>
    </message>
    <message>
        <source>%1 (runner %2)</source>
        <translation>%1（ランナー %2）</translation>
    </message>
    <message>
        <source>%1 (workspace %2, runner %3)</source>
        <translation>%1（ワークスペース %2、ランナー %3）</translation>
    </message>
    <message>
        <source>This machine works for %1. Pair it with %2 instead? The current pairing ends: its credential is forgotten and its runs no longer come to this machine.</source>
        <translation>このマシンは %1 のために動作しています。代わりに %2 とペアリングしますか？現在のペアリングは終了し、その認証情報は削除され、その実行はこのマシンに届かなくなります。</translation>
    </message>
    <message>
        <source>Cursor lane: model %1, with the API key entered here</source>
        <translation>Cursor レーン: モデル %1、ここで入力した API キー</translation>
    </message>
    <message>
        <source>Cursor lane: model %1, kept from the current pairing</source>
        <translation>Cursor レーン: モデル %1、現在のペアリングから引き継ぎ</translation>
    </message>
    <message>
        <source>Cursor lane: off (the current pairing&apos;s Cursor API key is removed)</source>
        <translation>Cursor レーン: オフ（現在のペアリングの Cursor API キーは削除されます）</translation>
    </message>
</context>
<context>
    <name>PrivateDirectory</name>
    <message>
        <source>%1 has mode %2, so other users can enter it. It must be yours alone: chmod 700 %1 (or remove it) and start again.</source>
        <translation>%1 のモードは %2 のため、ほかのユーザーが中に入れます。自分専用にする必要があります。chmod 700 %1 を実行（または削除）してから、もう一度起動してください。</translation>
    </message>
    <message>
        <source>Cannot create the directory %1: %2.</source>
        <translation>ディレクトリ %1 を作成できません: %2。</translation>
    </message>
    <message>
        <source>%1 is a symbolic link, which another user could point anywhere. Remove it and start again.</source>
        <translation>%1 はシンボリックリンクで、ほかのユーザーが任意の場所を指すように変更できます。削除してから、もう一度起動してください。</translation>
    </message>
    <message>
        <source>Cannot open the directory %1: %2.</source>
        <translation>ディレクトリ %1 を開けません: %2。</translation>
    </message>
    <message>
        <source>Cannot inspect the directory %1: %2.</source>
        <translation>ディレクトリ %1 を調べられません: %2。</translation>
    </message>
    <message>
        <source>Cannot inspect %1: %2.</source>
        <translation>%1 を調べられません: %2。</translation>
    </message>
    <message>
        <source>%1 is not a regular file (a symbolic link or something else put in its place). Remove it and start again.</source>
        <translation>%1 は通常のファイルではありません（シンボリックリンクなどが代わりに置かれています）。削除してから、もう一度起動してください。</translation>
    </message>
    <message>
        <source>%1 belongs to another user (uid %2). Remove it and start again.</source>
        <translation>%1 は別のユーザー（uid %2）の所有です。削除してから、もう一度起動してください。</translation>
    </message>
    <message>
        <source>%1 is not a directory. Remove it (or point %2 at a directory of your own) and start again.</source>
        <translation>%1 はディレクトリではありません。削除（または %2 を自分専用のディレクトリに設定）してから、もう一度起動してください。</translation>
    </message>
    <message>
        <source>%1 belongs to another user (uid %2, not %3), who could then read or change what this Runner keeps in it. Remove it (or point %4 at a directory of your own) and start again.</source>
        <translation>%1 は別のユーザー（uid %2。%3 ではありません）の所有で、そのユーザーがこのランナーがそこに保存するものを読み取ったり変更したりできてしまいます。削除（または %4 を自分専用のディレクトリに設定）してから、もう一度起動してください。</translation>
    </message>
</context>
<context>
    <name>ResultPage</name>
    <message>
        <source>Pairing</source>
        <translation>ペアリング</translation>
    </message>
    <message>
        <source>The pairing code is redeemed with the control plane.</source>
        <translation>コントロールプレーンでペアリングコードを使用します。</translation>
    </message>
    <message>
        <source>Pairing…</source>
        <translation>ペアリング中…</translation>
    </message>
    <message>
        <source>This machine is paired</source>
        <translation>このマシンはペアリングされました</translation>
    </message>
    <message>
        <source>The Runner is connecting to the control plane.</source>
        <translation>ランナーはコントロールプレーンに接続しています。</translation>
    </message>
    <message>
        <source>Choose Finish to close this window; Checkfu Runner keeps running in the tray.</source>
        <translation>「完了」を選ぶとこのウィンドウが閉じます。Checkfu Runner はトレイで動作し続けます。</translation>
    </message>
    <message>
        <source>Pairing failed</source>
        <translation>ペアリングに失敗しました</translation>
    </message>
    <message>
        <source>Ask your administrator for a new pairing code, then choose New Code.</source>
        <translation>管理者に新しいペアリングコードを依頼してから、「新しいコード」を選んでください。</translation>
    </message>
    <message>
        <source>Choose Try Again, or go Back to change the endpoint or another detail.</source>
        <translation>「再試行」を選ぶか、「戻る」でエンドポイントなどの内容を変更してください。</translation>
    </message>
    <message>
        <source>Done: the control plane knows this machine now.</source>
        <translation>完了: コントロールプレーンにこのマシンが登録されました。</translation>
    </message>
    <message>
        <source>The control plane did not pair this machine.</source>
        <translation>コントロールプレーンはこのマシンをペアリングしませんでした。</translation>
    </message>
    <message>
        <source>&amp;Replace the Current Pairing</source>
        <translation>現在のペアリングを置き換える(&amp;R)</translation>
    </message>
    <message>
        <source>Replace this machine&apos;s pairing?</source>
        <translation>このマシンのペアリングを置き換えますか？</translation>
    </message>
    <message>
        <source>Choose Replace the Current Pairing to pair, or Cancel to keep the current pairing.</source>
        <translation>ペアリングするには「現在のペアリングを置き換える」を、現在のペアリングを残すには「キャンセル」を選んでください。</translation>
    </message>
    <message>
        <source>Nothing has been redeemed yet.</source>
        <translation>まだ何も使用されていません。</translation>
    </message>
</context>
<context>
    <name>RunActivityView</name>
    <message>
        <source>Runs on this machine</source>
        <translation>このマシンの実行</translation>
    </message>
    <message>
        <source>No run is going.</source>
        <translation>実行中の作業はありません。</translation>
    </message>
    <message>
        <source>Recently ended</source>
        <translation>最近終了した実行</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>セッション</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>所要時間</translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation>セッションを開く</translation>
    </message>
    <message>
        <source>Cancel…</source>
        <translation>キャンセル…</translation>
    </message>
    <message>
        <source>Driver: %1</source>
        <translation>ドライバー: %1</translation>
    </message>
    <message>
        <source>Tier: %1</source>
        <translation>レベル: %1</translation>
    </message>
    <message>
        <source>Running for %1</source>
        <translation>%1 実行中</translation>
    </message>
    <message>
        <source>The control plane gave no link to this Session</source>
        <translation>コントロールプレーンからこのセッションへのリンクが提供されていません</translation>
    </message>
    <message>
        <source>Repository: %1</source>
        <translation>リポジトリ: %1</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>ワークスペース</translation>
    </message>
    <message>
        <source>Changes…</source>
        <translation>変更内容…</translation>
    </message>
    <message>
        <source>What the run changed in its workspace, kept on this machine</source>
        <translation>この実行がワークスペースで変更した内容（このマシンに保管）</translation>
    </message>
</context>
<context>
    <name>RunExecution</name>
    <message>
        <source>the sandbox provider %1 is not enabled on this machine</source>
        <translation>サンドボックスプロバイダー %1 はこのマシンで有効になっていません</translation>
    </message>
    <message>
        <source>Preparing the workspace</source>
        <translation>ワークスペースを準備中</translation>
    </message>
    <message>
        <source>%1 in the memory at %2 is not a regular file; it is not reported</source>
        <translation>%2 の memory にある %1 は通常のファイルではないため、報告されません</translation>
    </message>
    <message>
        <source>the changes to the memory at %1 exceed 8 MiB (or one file 1 MiB); the rest is not reported</source>
        <translation>%1 の memory への変更が 8 MiB（または 1 ファイルで 1 MiB）を超えています。残りは報告されません</translation>
    </message>
    <message>
        <source>the run asks for a git mount with lfs: true, and git-lfs is not installed (apt install git-lfs)</source>
        <translation>この実行は lfs: true の git マウントを要求していますが、git-lfs がインストールされていません（apt install git-lfs）</translation>
    </message>
    <message>
        <source>the workspace was not kept: this Runner keeps no snapshots</source>
        <translation>ワークスペースは保持されませんでした: このランナーはスナップショットを保持しません</translation>
    </message>
    <message>
        <source>this Runner keeps no snapshots</source>
        <translation>このランナーはスナップショットを保持しません</translation>
    </message>
    <message>
        <source>Recording the workspace</source>
        <translation>ワークスペースを記録しています</translation>
    </message>
    <message>
        <source>the workspace will not be kept: recording it as materialised failed: %1</source>
        <translation>ワークスペースは保持されません: 準備直後の状態の記録に失敗しました: %1</translation>
    </message>
    <message>
        <source>not in the snapshot (FIFOs, sockets and devices, or names a manifest cannot hold: a line break, not UTF-8): %1</source>
        <translation>スナップショットに含まれないもの（FIFO、ソケット、デバイス、またはマニフェストに記録できない名前: 改行を含む、UTF-8 でない）: %1</translation>
    </message>
    <message>
        <source>the workspace was not kept: the disk is full (%1)</source>
        <translation>ワークスペースは保持されませんでした: ディスクがいっぱいです（%1）</translation>
    </message>
    <message>
        <source>the workspace was not kept: %1</source>
        <translation>ワークスペースは保持されませんでした: %1</translation>
    </message>
    <message>
        <source>cannot open the run&apos;s MCP relay: %1</source>
        <translation>実行の MCP 中継を開けません: %1</translation>
    </message>
    <message>
        <source>the run asks for the platform&apos;s MCP servers (plane_mcp), and checkfu-mcp-bridge is not installed beside the Runner</source>
        <translation>この実行はプラットフォームの MCP サーバー（plane_mcp）を求めていますが、checkfu-mcp-bridge がランナーと同じ場所にインストールされていません</translation>
    </message>
    <message>
        <source>the run asks for the platform&apos;s MCP servers (plane_mcp), which the sandbox provider %1 does not relay</source>
        <translation>この実行はプラットフォームの MCP サーバー（plane_mcp）を求めていますが、サンドボックスプロバイダー %1 はそれを中継しません</translation>
    </message>
    <message>
        <source>the workspace will not be kept: %1</source>
        <translation>ワークスペースは保持されません: %1</translation>
    </message>
</context>
<context>
    <name>RunSpec</name>
    <message>
        <source>is empty</source>
        <translation>が空です</translation>
    </message>
    <message>
        <source>does not have the shape %1</source>
        <translation>が %1 の形式ではありません</translation>
    </message>
    <message>
        <source>is not pinned by digest (expected name@sha256:&lt;64 hex&gt; or a local image id sha256:&lt;64 hex&gt;; a tag alone is refused)</source>
        <translation>がダイジェストで固定されていません（name@sha256:&lt;64 hex&gt; またはローカルイメージ ID sha256:&lt;64 hex&gt; が必要です。タグだけの指定は拒否されます）</translation>
    </message>
    <message>
        <source>is empty (a program to run is required)</source>
        <translation>が空です（実行するプログラムが必要です）</translation>
    </message>
    <message>
        <source>has the wrong type (expected a string)</source>
        <translation>の型が正しくありません（文字列である必要があります）</translation>
    </message>
    <message>
        <source>contains a NUL character</source>
        <translation>に NUL 文字が含まれています</translation>
    </message>
    <message>
        <source>is empty (the program to run)</source>
        <translation>が空です（実行するプログラムを指定してください）</translation>
    </message>
    <message>
        <source>is not a valid environment variable name (it must match [A-Za-z_][A-Za-z0-9_]*: letters, digits and &apos;_&apos;, not starting with a digit)</source>
        <translation>は有効な環境変数名ではありません（[A-Za-z_][A-Za-z0-9_]* に一致する必要があります: 英字、数字、&apos;_&apos; のみで、先頭は数字以外）</translation>
    </message>
    <message>
        <source>contains a NUL character, which an environment variable cannot hold</source>
        <translation>に NUL 文字が含まれています。環境変数には NUL 文字を含められません</translation>
    </message>
    <message>
        <source>contains a line break (CR or LF), which an environment variable of a run may not hold</source>
        <translation>に改行（CR または LF）が含まれています。実行の環境変数には改行を含められません</translation>
    </message>
    <message>
        <source>has the wrong type (expected an object)</source>
        <translation>の型が正しくありません（オブジェクトである必要があります）</translation>
    </message>
    <message>
        <source>brings the number of uploaded files above the limit of %1</source>
        <translation>により、アップロードするファイルの数が上限の %1 を超えます</translation>
    </message>
    <message>
        <source>appears twice in the same mount</source>
        <translation>が同じマウント内に 2 回出現しています</translation>
    </message>
    <message>
        <source>is not valid base64</source>
        <translation>が有効な base64 ではありません</translation>
    </message>
    <message>
        <source>brings the uploaded files above the limit of %1 bytes in total</source>
        <translation>により、アップロードするファイルの合計が上限の %1 バイトを超えます</translation>
    </message>
    <message>
        <source>contains a backslash</source>
        <translation>にバックスラッシュが含まれています</translation>
    </message>
    <message>
        <source>is absolute</source>
        <translation>が絶対パスです</translation>
    </message>
    <message>
        <source>has an empty segment</source>
        <translation>に空のセグメントがあります</translation>
    </message>
    <message>
        <source>has a &apos;..&apos; segment</source>
        <translation>に &apos;..&apos; セグメントがあります</translation>
    </message>
    <message>
        <source>has a &apos;.&apos; segment</source>
        <translation>に &apos;.&apos; セグメントがあります</translation>
    </message>
    <message>
        <source>has the wrong type (expected a content block object)</source>
        <translation>の型が正しくありません（コンテンツブロックのオブジェクトである必要があります）</translation>
    </message>
    <message>
        <source>has the wrong type (expected true or false)</source>
        <translation>の型が正しくありません（true または false が必要です）</translation>
    </message>
    <message>
        <source>is neither beneath the workspace root %1 nor in the run&apos;s home (~/...)</source>
        <translation>がワークスペースのルート %1 の下にも実行のホーム（~/...）にもありません</translation>
    </message>
    <message>
        <source>is also the target of mounts[%1]</source>
        <translation>は mounts[%1] のターゲットと同じです</translation>
    </message>
    <message>
        <source>lies above the target of mounts[%1]</source>
        <translation>が mounts[%1] のターゲットの上位にあります</translation>
    </message>
    <message>
        <source>lies beneath the target of mounts[%1]</source>
        <translation>が mounts[%1] のターゲットの下にあります</translation>
    </message>
    <message>
        <source>is not part of a git mount (its files come from the repository)</source>
        <translation>は git マウントには指定できません（ファイルはリポジトリから取得されます）</translation>
    </message>
    <message>
        <source>contains &apos;:&apos; or a control character</source>
        <translation>に &apos;:&apos; または制御文字が含まれています</translation>
    </message>
    <message>
        <source>is not a credential kind of this version (http_basic or http_bearer)</source>
        <translation>はこのバージョンの認証情報の種類ではありません（http_basic または http_bearer）</translation>
    </message>
    <message>
        <source>contains a control character</source>
        <translation>に制御文字が含まれています</translation>
    </message>
    <message>
        <source>has no SKILL.md at the skill&apos;s root</source>
        <translation>のスキルのルートに SKILL.md がありません</translation>
    </message>
    <message>
        <source>is a file and a directory at once (with %1)</source>
        <translation>がファイルとディレクトリの両方になっています（%1 と）</translation>
    </message>
    <message>
        <source>is longer than %1 bytes</source>
        <translation>が %1 バイトを超えています</translation>
    </message>
    <message>
        <source>is not an absolute path (the first mount is the workspace root)</source>
        <translation>が絶対パスではありません（最初のマウントはワークスペースのルートです）</translation>
    </message>
    <message>
        <source>is neither an absolute path nor a path in the run&apos;s home (~/...)</source>
        <translation>が絶対パスでも実行のホーム（~/...）のパスでもありません</translation>
    </message>
    <message>
        <source>is / (the workspace root must be a directory of its own, e.g. /workspace)</source>
        <translation>が / です（ワークスペースのルートは専用のディレクトリである必要があります。例: /workspace）</translation>
    </message>
    <message>
        <source>is snapshot, which only the first mount (the workspace root) may be</source>
        <translation>が snapshot ですが、snapshot にできるのは最初のマウント（ワークスペースのルート）だけです</translation>
    </message>
    <message>
        <source>is not part of a snapshot mount (its files come from the snapshot)</source>
        <translation>は snapshot マウントには指定できません（ファイルはスナップショットから復元されます）</translation>
    </message>
    <message>
        <source>has %1 entries; at most %2 are allowed</source>
        <translation>%1 個のエントリがあります。許可されるのは最大 %2 個です</translation>
    </message>
    <message>
        <source>appears twice in plane_mcp (each name must be unique)</source>
        <translation>plane_mcp に 2 回現れます（名前はそれぞれ一意である必要があります）</translation>
    </message>
</context>
<context>
    <name>RunnerCli</name>
    <message>
        <source>Control plane URL (https, or http to loopback). Default: %1, then the stored pairing.</source>
        <translation>コントロールプレーンの URL（https、またはループバック宛ての http）。既定: %1、次に保存済みのペアリング。</translation>
    </message>
    <message>
        <source>This machine&apos;s display label. Default: the host name.</source>
        <translation>このマシンの表示ラベル。既定: ホスト名。</translation>
    </message>
    <message>
        <source>Sandbox tier: host-process, bubblewrap, docker or none. Default: the stored setting, else automatic.</source>
        <translation>サンドボックスレベル: host-process、bubblewrap、docker、none のいずれか。既定: 保存済みの設定、なければ自動。</translation>
    </message>
    <message>
        <source>Where the credential is kept: keychain (default) or file (explicit opt-in, owner-only file).</source>
        <translation>認証情報の保存先: keychain（既定）または file（明示的に選択した場合のみ。所有者だけが読めるファイル）。</translation>
    </message>
    <message>
        <source>Runs at once (1-64). Default: the stored setting, else 1.</source>
        <translation>同時に実行する数（1〜64）。既定: 保存済みの設定、なければ 1。</translation>
    </message>
    <message>
        <source>Paths a bubblewrap sandbox shows read-only, &apos;:&apos;-separated (e.g. where a harness is installed under your home). Repeatable. Default: %1, then the stored setting, else none.</source>
        <translation>bubblewrap サンドボックスに読み取り専用で見せるパス（&apos;:&apos; 区切り。ホーム以下にインストールしたハーネスの場所など）。複数回指定できます。既定: %1、次に保存済みの設定、なければなし。</translation>
    </message>
    <message>
        <source>trace, debug, info (default), warn or error.</source>
        <translation>trace、debug、info（既定）、warn、error のいずれか。</translation>
    </message>
    <message>
        <source>doctor: print the result as JSON.</source>
        <translation>doctor: 結果を JSON で出力します。</translation>
    </message>
    <message>
        <source>Commands:
  start    pair (with --code) or use the stored pairing, then stay connected until stopped.
           SIGINT/SIGTERM once: finish owned work and sign off; twice: cancel owned runs;
           three times: exit at once.
  doctor   check endpoint, clock, credential, exchange, sandbox tiers, Cursor lane, presences.
  unpair   forget this machine&apos;s credential and pairing.
</source>
        <translation>コマンド:
  start    ペアリング（--code 指定時）または保存済みのペアリングを使い、停止するまで接続を維持します。
           SIGINT/SIGTERM 1 回目: 担当中の作業を終えてサインオフ。2 回目: 担当中の実行をキャンセル。
           3 回目: 直ちに終了。
  doctor   エンドポイント、時計、認証情報、交換、サンドボックスレベル、Cursor レーン、プレゼンスを確認します。
  unpair   このマシンの認証情報とペアリングを破棄します。
</translation>
    </message>
    <message>
        <source>Stored settings (the tray&apos;s Settings, in the settings file that holds the pairing): the
  sandbox tier, slots, idle timeout, bubblewrap read-only paths, git cache size and Cursor
  tuple (its API key in the credential store)
  apply where flags and environment are silent. A flag wins over a variable, a variable over
  a stored value; any Cursor variable set takes the whole Cursor lane from the environment.
</source>
        <translation>保存済みの設定（トレイの「設定」で変更でき、ペアリングと同じ設定ファイルに保存されます）:
  サンドボックスレベル、スロット、アイドルタイムアウト、bubblewrap の読み取り専用パス、
  git キャッシュのサイズ、Cursor の設定（API キーは認証情報ストアに保存）
  は、フラグと環境変数で指定がない場合に使われます。フラグは環境変数より、環境変数は保存済みの値
  より優先されます。Cursor の変数を 1 つでも設定すると、Cursor レーン全体が環境変数から取られます。
</translation>
    </message>
    <message>
        <source>Exit codes:</source>
        <translation>終了コード:</translation>
    </message>
    <message>
        <source>checkfu-runner: %1</source>
        <translation>checkfu-runner: %1</translation>
    </message>
    <message>
        <source>in the settings file %1: %2</source>
        <translation>設定ファイル %1 内: %2</translation>
    </message>
    <message>
        <source>Checkfu Runner: runs Checkfu agent sessions on this machine.</source>
        <translation>Checkfu Runner: このマシンで Checkfu エージェントのセッションを実行します。</translation>
    </message>
    <message>
        <source>Start the Runner.</source>
        <translation>ランナーを起動します。</translation>
    </message>
    <message>
        <source>checkfu-runner: warning: %1</source>
        <translation>checkfu-runner: 警告: %1</translation>
    </message>
    <message>
        <source>checkfu-runner approval: run %1 waits for approval %2; decide at %3</source>
        <translation>checkfu-runner approval: 実行 %1 が承認 %2 を待っています。%3 で判断してください</translation>
    </message>
    <message>
        <source>the Checkfu dashboard</source>
        <translation>Checkfu ダッシュボード</translation>
    </message>
    <message>
        <source>checkfu-runner: stopping: finishing owned work, then signing off (interrupt again to cancel owned runs)</source>
        <translation>checkfu-runner: 停止処理中: 担当中の作業を終えてからサインオフします（もう一度割り込むと担当中の実行をキャンセルします）</translation>
    </message>
    <message>
        <source>checkfu-runner: cancelling owned runs (interrupt again to exit at once)</source>
        <translation>checkfu-runner: 担当中の実行をキャンセルしています（もう一度割り込むと直ちに終了します）</translation>
    </message>
    <message>
        <source>checkfu-runner: exiting at once</source>
        <translation>checkfu-runner: 直ちに終了します</translation>
    </message>
    <message>
        <source>Check this machine&apos;s Runner setup end to end.</source>
        <translation>このマシンのランナーの構成を最初から最後まで確認します。</translation>
    </message>
    <message>
        <source>Forget this machine&apos;s pairing and stored credential.</source>
        <translation>このマシンのペアリングと保存済みの認証情報を破棄します。</translation>
    </message>
    <message>
        <source>This machine is not paired; nothing to forget.</source>
        <translation>このマシンはペアリングされていないため、破棄するものはありません。</translation>
    </message>
    <message>
        <source>One-use pairing code (CFU-XXXX-XXXX-XXXX) to redeem; - reads it from standard input (one line). Default: %1.</source>
        <translation>使用する 1 回限りのペアリングコード（CFU-XXXX-XXXX-XXXX）。- を指定すると標準入力（1 行）から読み取ります。既定: %1。</translation>
    </message>
    <message>
        <source>Pairing on a shared machine: every local account can read a running program&apos;s command line
  (/proc/&lt;pid&gt;/cmdline, ps), and a code read there can be redeemed first, making another
  machine this Runner. checkfu-runner hides --code&apos;s value from it at once, but not before
  the program has started; --code - (the code on standard input) and %1 never show it:
    echo &quot;$CODE&quot; | checkfu-runner start --endpoint URL --code -
</source>
        <translation>共有マシンでのペアリング: ローカルのすべてのアカウントは実行中のプログラムのコマンドライン
  （/proc/&lt;pid&gt;/cmdline、ps）を読み取れます。そこで読まれたコードが先に使用されると、別のマシンが
  このランナーになってしまいます。checkfu-runner は --code の値をすぐにそこから消しますが、
  プログラムの起動前には消せません。--code -（標準入力のコード）と %1 は一度も表示しません:
    echo &quot;$CODE&quot; | checkfu-runner start --endpoint URL --code -
</translation>
    </message>
    <message>
        <source>The git cache: mirrors of the repositories durable runs fetched, so that the next fetch is fast. ZDR runs never use it.</source>
        <translation>git キャッシュ: 永続的な実行が取得したリポジトリのミラーで、次回の取得を速くします。ZDR の実行は使用しません。</translation>
    </message>
    <message>
        <source>list (the default) or clear</source>
        <translation>list（既定）または clear</translation>
    </message>
    <message numerus="yes">
        <source>Removed %n mirror(s) from %1.</source>
        <translation>
            <numerusform>%1 からミラーを %n 個削除しました。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n mirror(s) are in use by a running fetch and were kept.</source>
        <translation>
            <numerusform>%n 個のミラーは実行中の取得で使用中のため残しました。</numerusform>
        </translation>
    </message>
    <message>
        <source>checkfu-runner cache: unknown action &apos;%1&apos;; use list or clear</source>
        <translation>checkfu-runner cache: 不明な操作 &apos;%1&apos; です。list または clear を使用してください</translation>
    </message>
    <message numerus="yes">
        <source>%n mirror(s), %1 MiB in %2 (at most %3 MiB)</source>
        <translation>
            <numerusform>ミラー %n 個、%2 に %1 MiB（上限 %3 MiB）</numerusform>
        </translation>
    </message>
    <message>
        <source>Size of the git mirror cache in MiB, oldest repository out first; 0 keeps no mirrors. Default: the stored setting, else %1.</source>
        <translation>git ミラーキャッシュのサイズ（MiB）。古いリポジトリから削除されます。0 ではミラーを保持しません。既定値: 保存された設定、なければ %1。</translation>
    </message>
    <message>
        <source>While runs are active, keep the machine from sleeping: always, ac (only on AC power) or never. Default: the stored setting, else ac.</source>
        <translation>実行中にマシンをスリープさせない設定: always、ac（AC 電源のときのみ）、never。既定値: 保存された設定、なければ ac。</translation>
    </message>
    <message>
        <source>Take no new work while on battery below this percentage; 0 never. Default: the stored setting, else 0.</source>
        <translation>バッテリー残量がこのパーセント未満のバッテリー駆動中は新しい作業を受け付けません。0 では停止しません。既定値: 保存された設定、なければ 0。</translation>
    </message>
    <message>
        <source>Take no new work while the network connection is metered: true or false. Default: the stored setting, else false.</source>
        <translation>ネットワーク接続が従量制の間は新しい作業を受け付けません: true または false。既定値: 保存された設定、なければ false。</translation>
    </message>
    <message>
        <source>start, doctor, unpair, cache or snapshots</source>
        <translation>start、doctor、unpair、cache、snapshots のいずれか</translation>
    </message>
    <message>
        <source>checkfu-runner: name a command (start, doctor, unpair, cache, snapshots); see --help</source>
        <translation>checkfu-runner: コマンドを指定してください（start、doctor、unpair、cache、snapshots）。--help を参照してください</translation>
    </message>
    <message>
        <source>checkfu-runner: unknown command &apos;%1&apos;; use start, doctor, unpair, cache or snapshots</source>
        <translation>checkfu-runner: 不明なコマンド &apos;%1&apos; です。start、doctor、unpair、cache、snapshots のいずれかを使ってください</translation>
    </message>
    <message>
        <source>Bound of the workspaces kept on this machine in MiB, oldest out first; a workspace the store cannot hold within it is not kept. Default: the stored setting, else %1.</source>
        <translation>このマシンに保持するワークスペースの上限（MiB）。古いものから削除されます。上限内に収まらないワークスペースは保持されません。既定値: 保存された設定、なければ %1。</translation>
    </message>
</context>
<context>
    <name>RunnerConfig</name>
    <message>
        <source>--label is empty. Give a display name for this machine, or leave --label out to use the host name.</source>
        <translation>--label が空です。このマシンの表示名を指定するか、ホスト名を使う場合は --label を省略してください。</translation>
    </message>
    <message>
        <source>--label contains a line break or control character. Use a plain one-line name.</source>
        <translation>--label に改行または制御文字が含まれています。1 行の通常の名前にしてください。</translation>
    </message>
    <message>
        <source>--sandbox: unknown sandbox tier %1. Use one of: host-process, bubblewrap, docker, none.</source>
        <translation>--sandbox: 不明なサンドボックスレベル %1 です。host-process、bubblewrap、docker、none のいずれかを指定してください。</translation>
    </message>
    <message>
        <source>%1 is set but empty; it must be exactly true or false. Set it to true or false, or unset it.</source>
        <translation>%1 は設定されていますが空です。値は true または false である必要があります。true か false に設定するか、設定を解除してください。</translation>
    </message>
    <message>
        <source>%1 is %2; it must be exactly true or false (lower case, no spaces). Set it to true or false, or unset it.</source>
        <translation>%1 が %2 になっています。値は true または false（小文字、空白なし）である必要があります。true か false に設定するか、設定を解除してください。</translation>
    </message>
    <message>
        <source>%1 is too large; the maximum is 2147483647 milliseconds. Give a smaller number of milliseconds, or unset it.</source>
        <translation>%1 が大きすぎます。最大値は 2147483647 ミリ秒です。より小さいミリ秒数を指定するか、設定を解除してください。</translation>
    </message>
    <message>
        <source>%1 is %2; it must be a positive whole number of milliseconds, digits only (e.g. 600000). Fix the value, or unset it.</source>
        <translation>%1 が %2 になっています。値は数字だけで表した正の整数のミリ秒（例: 600000）である必要があります。値を修正するか、設定を解除してください。</translation>
    </message>
    <message>
        <source>The Cursor lane is incomplete; not set: %1. Set these too, or unset the other Cursor variables.</source>
        <translation>Cursor レーンの設定が不完全です。未設定: %1。これらも設定するか、ほかの Cursor 変数の設定を解除してください。</translation>
    </message>
    <message>
        <source>%1 is set but empty. Give it a value, or unset all four Cursor variables.</source>
        <translation>%1 は設定されていますが空です。値を指定するか、4 つの Cursor 変数すべての設定を解除してください。</translation>
    </message>
    <message>
        <source>%1 does not have the expected shape hprof_&lt;32 lower-case hex digits&gt;@&lt;version&gt; (e.g. hprof_0123456789abcdef0123456789abcdef@1). Copy the profile version exactly.</source>
        <translation>%1 が想定した形式 hprof_&lt;小文字の 16 進数 32 桁&gt;@&lt;バージョン&gt;（例: hprof_0123456789abcdef0123456789abcdef@1）ではありません。プロファイルバージョンを正確にコピーしてください。</translation>
    </message>
    <message>
        <source>%1 does not have the expected shape sha256:&lt;64 lower-case hex digits&gt;. Copy the release digest exactly.</source>
        <translation>%1 が想定した形式 sha256:&lt;小文字の 16 進数 64 桁&gt; ではありません。リリースダイジェストを正確にコピーしてください。</translation>
    </message>
    <message>
        <source>--credential-store is %1; use keychain or file.</source>
        <translation>--credential-store が %1 になっています。keychain または file を指定してください。</translation>
    </message>
    <message>
        <source>--slots is %1; use a whole number from 1 to 64.</source>
        <translation>--slots が %1 になっています。1〜64 の整数を指定してください。</translation>
    </message>
    <message>
        <source>not given</source>
        <translation>指定なし</translation>
    </message>
    <message>
        <source>on</source>
        <translation>オン</translation>
    </message>
    <message>
        <source>off</source>
        <translation>オフ</translation>
    </message>
    <message>
        <source>endpoint: not given (stored settings apply)</source>
        <translation>エンドポイント: 指定なし（保存済みの設定を使用）</translation>
    </message>
    <message>
        <source>endpoint: %1 (from %2)</source>
        <translation>エンドポイント: %1（%2 から）</translation>
    </message>
    <message>
        <source>pairing code: %1</source>
        <translation>ペアリングコード: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>label: %1</source>
        <translation>ラベル: %1</translation>
    </message>
    <message>
        <source>when a daemon answers</source>
        <translation>デーモンが応答する場合</translation>
    </message>
    <message>
        <source>required</source>
        <translation>必須</translation>
    </message>
    <message>
        <source>sandbox: %1; host-process %2, bubblewrap %3, docker %4</source>
        <translation>サンドボックス: %1。host-process %2、bubblewrap %3、docker %4</translation>
    </message>
    <message>
        <source>no sandbox provider is on: this Runner will not claim work</source>
        <translation>有効なサンドボックスプロバイダーがありません。このランナーは作業を引き受けません</translation>
    </message>
    <message>
        <source>docker unrestricted network: %1</source>
        <translation>docker の無制限ネットワーク: %1</translation>
    </message>
    <message>
        <source>allowed</source>
        <translation>許可</translation>
    </message>
    <message>
        <source>not allowed</source>
        <translation>不許可</translation>
    </message>
    <message>
        <source>idle timeout: %1</source>
        <translation>アイドルタイムアウト: %1</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ミリ秒</translation>
    </message>
    <message>
        <source>default</source>
        <translation>既定</translation>
    </message>
    <message>
        <source>cursor lane: profile %1, release %2, model %3, API key set</source>
        <translation>Cursor レーン: プロファイル %1、リリース %2、モデル %3、API キー設定済み</translation>
    </message>
    <message>
        <source>cursor lane: not configured</source>
        <translation>Cursor レーン: 未設定</translation>
    </message>
    <message>
        <source>workspace token: %1</source>
        <translation>ワークスペーストークン: %1</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>未設定</translation>
    </message>
    <message>
        <source>set</source>
        <translation>設定済み</translation>
    </message>
    <message>
        <source>credential store: %1</source>
        <translation>認証情報ストア: %1</translation>
    </message>
    <message>
        <source>slots: %1</source>
        <translation>スロット: %1</translation>
    </message>
    <message>
        <source>bubblewrap read-only paths: %1</source>
        <translation>bubblewrap の読み取り専用パス: %1</translation>
    </message>
    <message>
        <source>%1 (from %2)</source>
        <translation>%1（%2 から）</translation>
    </message>
    <message>
        <source>Give existing absolute paths separated by &apos;:&apos;, e.g. /home/me/.local/bin:/home/me/.nvm.</source>
        <translation>存在する絶対パスを &apos;:&apos; で区切って指定してください（例: /home/me/.local/bin:/home/me/.nvm）。</translation>
    </message>
    <message>
        <source>%1: a path contains a line break or control character. %2</source>
        <translation>%1: パスに改行または制御文字が含まれています。%2</translation>
    </message>
    <message>
        <source>%1: %2 is not an absolute path. %3</source>
        <translation>%1: %2 は絶対パスではありません。%3</translation>
    </message>
    <message>
        <source>%1: %2 does not exist. %3</source>
        <translation>%1: %2 は存在しません。%3</translation>
    </message>
    <message>
        <source>%1: %2 is the whole file system; the sandbox would show everything. Allow only the directories the harness needs.</source>
        <translation>%1: %2 はファイルシステム全体です。サンドボックスからすべてが見えてしまいます。ハーネスに必要なディレクトリだけを許可してください。</translation>
    </message>
    <message>
        <source>%1: %2 would show the Runner&apos;s own state (%3) to the harness. Allow a narrower path that does not contain it, e.g. the directory the harness is installed in.</source>
        <translation>%1: %2 を許可すると、ランナー自身の状態（%3）がハーネスから見えてしまいます。それを含まない、より狭いパス（ハーネスのインストール先ディレクトリなど）を許可してください。</translation>
    </message>
    <message>
        <source>%1 reads the pairing code from standard input, which gave none (empty, closed, or an empty line typed). Pipe the code in (echo &quot;$CODE&quot; | checkfu-runner start %1), or set %2.</source>
        <translation>%1 は標準入力からペアリングコードを読み取りますが、何も得られませんでした（空、閉じている、または空行が入力されました）。コードをパイプで渡す（echo &quot;$CODE&quot; | checkfu-runner start %1）か、%2 を設定してください。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>pairing code: %1 (from %2)</source>
        <translation>ペアリングコード: %1（%2 から）</translation>
    </message>
    <message>
        <source>Pairing code: </source>
        <translation>ペアリングコード: </translation>
    </message>
    <message>
        <source>--git-cache-mib is %1; use a whole number of MiB from 0 (keep no git mirrors) to %2.</source>
        <translation>--git-cache-mib が %1 です。0（git ミラーを保持しない）から %2 までの整数（MiB）を指定してください。</translation>
    </message>
    <message>
        <source>--keep-awake is %1; use always, ac (only on AC power) or never.</source>
        <translation>--keep-awake が %1 です。always、ac（AC 電源のときのみ）、never のいずれかを指定してください。</translation>
    </message>
    <message>
        <source>--drain-below-battery is %1; use a whole percentage from 0 (never) to 100.</source>
        <translation>--drain-below-battery が %1 です。0（しない）から 100 までの整数のパーセントを指定してください。</translation>
    </message>
    <message>
        <source>--drain-on-metered is %1; use true or false.</source>
        <translation>--drain-on-metered が %1 です。true または false を指定してください。</translation>
    </message>
    <message>
        <source>keep awake while runs are active: %1</source>
        <translation>実行中はスリープしない: %1</translation>
    </message>
    <message>
        <source>drain on battery: %1</source>
        <translation>バッテリー駆動時の受付停止: %1</translation>
    </message>
    <message>
        <source>below %1 %</source>
        <translation>%1 % 未満</translation>
    </message>
    <message>
        <source>drain on a metered network: %1</source>
        <translation>従量制ネットワークでの受付停止: %1</translation>
    </message>
    <message>
        <source>--snapshot-store-mib is %1; use a whole number of MiB from 1 to %2.</source>
        <translation>--snapshot-store-mib が %1 です。1 から %2 までの整数（MiB）を指定してください。</translation>
    </message>
</context>
<context>
    <name>RunnerExit</name>
    <message>
        <source>stopped cleanly (signed off)</source>
        <translation>正常に停止しました（サインオフ済み）</translation>
    </message>
    <message>
        <source>failed (see the message)</source>
        <translation>失敗しました（メッセージを参照）</translation>
    </message>
    <message>
        <source>bad command line or configuration</source>
        <translation>コマンドラインまたは構成が正しくありません</translation>
    </message>
    <message>
        <source>pairing failed (code not used or refused)</source>
        <translation>ペアリングに失敗しました（コードは未使用または拒否）</translation>
    </message>
    <message>
        <source>no credential store answers</source>
        <translation>応答する認証情報ストアがありません</translation>
    </message>
    <message>
        <source>another Runner holds this credential</source>
        <translation>別のランナーがこの認証情報を使用しています</translation>
    </message>
    <message>
        <source>not paired</source>
        <translation>ペアリングされていません</translation>
    </message>
    <message>
        <source>the --sandbox tier cannot be realised here</source>
        <translation>--sandbox のレベルをここでは実現できません</translation>
    </message>
    <message>
        <source>credential revoked by an administrator</source>
        <translation>管理者が認証情報を取り消しました</translation>
    </message>
    <message>
        <source>credential fenced: two processes used it (clone)</source>
        <translation>認証情報が遮断されました: 2 つのプロセスが使用しました（クローン）</translation>
    </message>
    <message>
        <source>exited on a third interrupt</source>
        <translation>3 回目の割り込みで終了しました</translation>
    </message>
</context>
<context>
    <name>RunnerHost</name>
    <message>
        <source>The Cursor API key could not be read, so the Cursor lane is off: %1</source>
        <translation>Cursor API キーを読み取れなかったため、Cursor レーンはオフです: %1</translation>
    </message>
    <message>
        <source>The Cursor API key could not be stored: %1</source>
        <translation>Cursor API キーを保存できませんでした: %1</translation>
    </message>
    <message>
        <source>configuration</source>
        <translation>構成</translation>
    </message>
    <message>
        <source>This machine is paired with %1 as “%2”.</source>
        <translation>このマシンは「%2」として %1 とペアリングされています。</translation>
    </message>
    <message>
        <source>The Cursor lane of the current pairing could not be kept (%1), so the new pairing has none.</source>
        <translation>現在のペアリングの Cursor レーンを引き継げなかったため（%1）、新しいペアリングにはレーンがありません。</translation>
    </message>
    <message>
        <source>its tuple is not usable</source>
        <translation>そのタプルは使用できません</translation>
    </message>
    <message>
        <source>Owner: %1</source>
        <translation>所有者: %1</translation>
    </message>
    <message>
        <source>Workspace: %1 (runner pool %2)</source>
        <translation>ワークスペース: %1（ランナープール %2）</translation>
    </message>
    <message>
        <source>Runner: %1</source>
        <translation>ランナー: %1</translation>
    </message>
</context>
<context>
    <name>RunnerPreferences</name>
    <message>
        <source>Cannot write the settings file %1.</source>
        <translation>設定ファイル %1 に書き込めません。</translation>
    </message>
    <message>
        <source>profile version</source>
        <translation>プロファイルバージョン</translation>
    </message>
    <message>
        <source>release digest</source>
        <translation>リリースダイジェスト</translation>
    </message>
    <message>
        <source>model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API キー</translation>
    </message>
    <message>
        <source>The Cursor lane needs all four fields or none; missing: %1.</source>
        <translation>Cursor レーンには 4 つの欄すべてが必要です（またはすべて空欄）。未入力: %1。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>The profile version must look like hprof_&lt;32 lower-case hex digits&gt;@&lt;version&gt;, e.g. hprof_0123456789abcdef0123456789abcdef@1.</source>
        <translation>プロファイルバージョンは hprof_&lt;小文字の 16 進数 32 桁&gt;@&lt;バージョン&gt; の形式である必要があります（例: hprof_0123456789abcdef0123456789abcdef@1）。</translation>
    </message>
    <message>
        <source>The release digest must look like sha256:&lt;64 lower-case hex digits&gt;.</source>
        <translation>リリースダイジェストは sha256:&lt;小文字の 16 進数 64 桁&gt; の形式である必要があります。</translation>
    </message>
</context>
<context>
    <name>RunnerSettings</name>
    <message>
        <source>cannot write the settings file %1</source>
        <translation>設定ファイル %1 に書き込めません</translation>
    </message>
</context>
<context>
    <name>SandboxPage</name>
    <message>
        <source>Sandbox</source>
        <translation>サンドボックス</translation>
    </message>
    <message>
        <source>Where runs execute on this machine. Pick the strongest isolation this machine offers.</source>
        <translation>このマシンで実行をどこで動かすかを選びます。このマシンで使える最も強い分離を選んでください。</translation>
    </message>
    <message>
        <source>Not checked.</source>
        <translation>未確認です。</translation>
    </message>
    <message>
        <source>&amp;Bubblewrap</source>
        <translation>Bubblewrap(&amp;B)</translation>
    </message>
    <message>
        <source>Runs execute as processes of this machine in their own namespaces, with a read-only system and no network unless the run allows it.</source>
        <translation>実行は、このマシンのプロセスとして専用の名前空間で動作します。システムは読み取り専用で、実行が許可しない限りネットワークは使えません。</translation>
    </message>
    <message>
        <source>&amp;Docker only</source>
        <translation>Docker のみ(&amp;D)</translation>
    </message>
    <message>
        <source>Runs execute in containers. The Runner refuses to start when no Docker daemon answers.</source>
        <translation>実行はコンテナー内で動作します。応答する Docker デーモンがない場合、ランナーは起動しません。</translation>
    </message>
    <message>
        <source>&amp;Host process</source>
        <translation>ホストプロセス(&amp;H)</translation>
    </message>
    <message>
        <source>No isolation. Runs execute as your user, can read and change your files, and use this machine&apos;s own network without limits. Choose it only for work you would run yourself.</source>
        <translation>分離なし。実行はあなたの権限で動き、ファイルを読み書きでき、このマシンのネットワークを無制限に使えます。自分で実行してよい作業にだけ選んでください。</translation>
    </message>
    <message>
        <source>&amp;None on this machine</source>
        <translation>このマシン上では直接実行しない(&amp;N)</translation>
    </message>
    <message>
        <source>Runs execute only in Docker containers, while a Docker daemon answers; without one this machine takes no work.</source>
        <translation>実行は Docker デーモンが応答している間だけ Docker コンテナー内で動作します。応答がなければ、このマシンは作業を受け付けません。</translation>
    </message>
    <message>
        <source>Except with Docker only, Docker containers are used as well whenever a Docker daemon answers.</source>
        <translation>「Docker のみ」以外でも、Docker デーモンが応答していれば Docker コンテナーも使用されます。</translation>
    </message>
    <message>
        <source>Check &amp;Again</source>
        <translation>再確認(&amp;A)</translation>
    </message>
    <message>
        <source>Detect Docker and bubblewrap again, e.g. after installing or starting them.</source>
        <translation>Docker と bubblewrap をもう一度検出します（インストールや起動の後など）。</translation>
    </message>
    <message>
        <source>Choose where runs execute to continue.</source>
        <translation>続行するには、実行を動かす場所を選んでください。</translation>
    </message>
    <message>
        <source>Checking whether this machine offers it…</source>
        <translation>このマシンで使用できるか確認しています…</translation>
    </message>
    <message>
        <source>Detected on this machine.</source>
        <translation>このマシンで検出されました。</translation>
    </message>
    <message>
        <source>Detected: %1.</source>
        <translation>検出されました: %1。</translation>
    </message>
    <message>
        <source>Not available on this machine.</source>
        <translation>このマシンでは使用できません。</translation>
    </message>
    <message>
        <source>Not available: %1.</source>
        <translation>使用できません: %1。</translation>
    </message>
</context>
<context>
    <name>SandboxProbe</name>
    <message>
        <source>bwrap is not installed (apt install bubblewrap)</source>
        <translation>bwrap がインストールされていません（apt install bubblewrap）</translation>
    </message>
    <message>
        <source>bwrap did not answer within 3 s</source>
        <translation>bwrap が 3 秒以内に応答しませんでした</translation>
    </message>
    <message>
        <source>bwrap cannot create namespaces here: %1</source>
        <translation>ここでは bwrap が名前空間を作成できません: %1</translation>
    </message>
    <message>
        <source>bwrap can create namespaces</source>
        <translation>bwrap は名前空間を作成できます</translation>
    </message>
    <message>
        <source>DOCKER_HOST %1 is not a Unix socket; only local daemons are used</source>
        <translation>DOCKER_HOST %1 は Unix ソケットではありません。ローカルのデーモンだけが使用されます</translation>
    </message>
    <message>
        <source>no Docker daemon socket at %1</source>
        <translation>%1 に Docker デーモンのソケットがありません</translation>
    </message>
    <message>
        <source>the Docker daemon at %1 does not answer: %2</source>
        <translation>%1 の Docker デーモンが応答しません: %2</translation>
    </message>
    <message>
        <source>the Docker daemon at %1 did not answer _ping</source>
        <translation>%1 の Docker デーモンが _ping に応答しませんでした</translation>
    </message>
    <message>
        <source>a Docker daemon answers at %1</source>
        <translation>%1 で Docker デーモンが応答しています</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Checkfu Runner Settings</source>
        <translation>Checkfu Runner の設定</translation>
    </message>
    <message>
        <source>The sandbox tier, slots, idle timeout, read-only paths and the Cursor lane take effect the next time the runner starts.</source>
        <translation>サンドボックスレベル、スロット、アイドルタイムアウト、読み取り専用パス、Cursor レーンの変更は、次回ランナーを起動したときに反映されます。</translation>
    </message>
    <message>
        <source>Runner</source>
        <translation>ランナー</translation>
    </message>
    <message>
        <source>Automatic: host process, and Docker when a daemon answers</source>
        <translation>自動: ホストプロセス、およびデーモンが応答する場合は Docker</translation>
    </message>
    <message>
        <source>Host process: no isolation, this machine&apos;s own network</source>
        <translation>ホストプロセス: 分離なし、このマシンのネットワークを使用</translation>
    </message>
    <message>
        <source>Bubblewrap: host process in its own namespaces, and Docker when a daemon answers</source>
        <translation>Bubblewrap: 専用の名前空間内のホストプロセス、およびデーモンが応答する場合は Docker</translation>
    </message>
    <message>
        <source>Docker only: refuse to start without a Docker daemon</source>
        <translation>Docker のみ: Docker デーモンがなければ起動しない</translation>
    </message>
    <message>
        <source>No host tier: Docker only, when a daemon answers</source>
        <translation>ホストレベルなし: デーモンが応答する場合のみ Docker</translation>
    </message>
    <message>
        <source>Sandbox tier</source>
        <translation>サンドボックスレベル</translation>
    </message>
    <message>
        <source>How many runs this machine takes at once (1 to %1).</source>
        <translation>このマシンが同時に受け付ける実行の数です（1〜%1）。</translation>
    </message>
    <message>
        <source>Slots</source>
        <translation>スロット</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>A turn that shows no activity for this long ends and its run fails. Empty: no timeout unless the run sets its own.</source>
        <translation>この時間、動きのないターンは終了し、その実行は失敗になります。空欄の場合、実行自身が指定しない限りタイムアウトはありません。</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Idle timeout</source>
        <translation>アイドルタイムアウト</translation>
    </message>
    <message>
        <source>none, e.g. /home/me/.local/bin:/home/me/.nvm</source>
        <translation>なし（例: /home/me/.local/bin:/home/me/.nvm）</translation>
    </message>
    <message>
        <source>A bubblewrap run sees only the system directories and its own directory. A harness installed elsewhere (under your home) needs its directory here: absolute paths, separated by &apos;:&apos;, shown read-only to every bubblewrap run.</source>
        <translation>bubblewrap の実行から見えるのは、システムのディレクトリと実行自身のディレクトリだけです。ほかの場所（ホーム以下など）にインストールしたハーネスは、そのディレクトリをここに指定する必要があります。絶対パスを &apos;:&apos; で区切って指定すると、すべての bubblewrap の実行に読み取り専用で見えるようになります。</translation>
    </message>
    <message>
        <source>Bubblewrap read-only paths</source>
        <translation>Bubblewrap の読み取り専用パス</translation>
    </message>
    <message>
        <source>Cursor lane</source>
        <translation>Cursor レーン</translation>
    </message>
    <message>
        <source>Fill in all four fields, or none. The API key is kept in the keychain, never in the settings file; leave it empty to keep the stored one.</source>
        <translation>4 つの欄をすべて入力するか、すべて空欄にしてください。API キーは設定ファイルではなくキーチェーンに保存されます。保存済みのキーをそのまま使う場合は空欄のままにしてください。</translation>
    </message>
    <message>
        <source>Profile version</source>
        <translation>プロファイルバージョン</translation>
    </message>
    <message>
        <source>Release digest</source>
        <translation>リリースダイジェスト</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>クリア</translation>
    </message>
    <message>
        <source>Remove the Cursor lane: all four fields and the stored key.</source>
        <translation>Cursor レーンを削除します（4 つの欄と保存済みのキー）。</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API キー</translation>
    </message>
    <message>
        <source>Notify me when</source>
        <translation>通知するタイミング</translation>
    </message>
    <message>
        <source>a run waits for my approval</source>
        <translation>実行が承認を待っているとき</translation>
    </message>
    <message>
        <source>this machine&apos;s credential was revoked</source>
        <translation>このマシンの認証情報が取り消されたとき</translation>
    </message>
    <message>
        <source>another copy of this runner used its credential</source>
        <translation>このランナーの別のコピーが認証情報を使用したとき</translation>
    </message>
    <message>
        <source>draining has finished</source>
        <translation>受付停止後、すべての実行が終わったとき</translation>
    </message>
    <message>
        <source>the runner is connected again after being offline</source>
        <translation>オフラインの後、ランナーが再接続したとき</translation>
    </message>
    <message>
        <source>General</source>
        <translation>全般</translation>
    </message>
    <message>
        <source>Start Checkfu Runner when I log in</source>
        <translation>ログイン時に Checkfu Runner を起動する</translation>
    </message>
    <message>
        <source>Trace</source>
        <translation>トレース</translation>
    </message>
    <message>
        <source>Debug</source>
        <translation>デバッグ</translation>
    </message>
    <message>
        <source>Info (default)</source>
        <translation>情報（既定）</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Errors only</source>
        <translation>エラーのみ</translation>
    </message>
    <message>
        <source>Log level</source>
        <translation>ログレベル</translation>
    </message>
    <message>
        <source>%1 (not recognised)</source>
        <translation>%1（認識できません）</translation>
    </message>
    <message>
        <source>the stored key will be removed</source>
        <translation>保存済みのキーは削除されます</translation>
    </message>
    <message>
        <source>stored in the keychain</source>
        <translation>キーチェーンに保存済み</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>未設定</translation>
    </message>
    <message>
        <source>The idle timeout must be a number of seconds greater than 0 and at most 2147483.647 (up to three decimals), or empty for none.</source>
        <translation>アイドルタイムアウトには、0 より大きく 2147483.647 以下の秒数（小数点以下 3 桁まで）を指定してください。指定しない場合は空欄にしてください。</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>off</source>
        <translation>オフ</translation>
    </message>
    <message>
        <source>Mirrors of the repositories durable runs fetched, so that the next fetch is fast; past this size the oldest repository goes first. Off: every fetch comes from the server. Zero-data-retention runs never use it.</source>
        <translation>永続的な実行が取得したリポジトリのミラーで、次回の取得を速くします。このサイズを超えると古いリポジトリから削除されます。オフ: 毎回サーバーから取得します。データを保持しない (ZDR) 実行は使用しません。</translation>
    </message>
    <message>
        <source>Git mirror cache</source>
        <translation>git ミラーキャッシュ</translation>
    </message>
    <message>
        <source>measuring…</source>
        <translation>計測中…</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>空</translation>
    </message>
    <message numerus="yes">
        <source>%n mirror(s), %1 MiB used</source>
        <translation>
            <numerusform>ミラー %n 個、%1 MiB 使用中</numerusform>
        </translation>
    </message>
    <message>
        <source>Battery and network</source>
        <translation>バッテリーとネットワーク</translation>
    </message>
    <message>
        <source>Only on AC power</source>
        <translation>AC 電源のときのみ</translation>
    </message>
    <message>
        <source>Always</source>
        <translation>常に</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>しない</translation>
    </message>
    <message>
        <source>While runs are active the computer does not go to sleep by itself. Closing the lid still puts it to sleep; the runs&apos; output is saved first.</source>
        <translation>実行中はコンピューターが自動でスリープしません。蓋を閉じるとスリープしますが、その前に実行の出力が保存されます。</translation>
    </message>
    <message>
        <source>Keep awake while runs are active</source>
        <translation>実行中はスリープしない</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>never</source>
        <translation>しない</translation>
    </message>
    <message>
        <source>On battery below this charge the Runner finishes its runs but takes no new work; it takes work again by itself once the computer is plugged in.</source>
        <translation>バッテリー駆動中に残量がこの値を下回ると、ランナーは実行中の作業を終えますが新しい作業は受け付けません。電源に接続されると自動的に再開します。</translation>
    </message>
    <message>
        <source>Pause on battery below</source>
        <translation>バッテリー残量がこれ未満で一時停止</translation>
    </message>
    <message>
        <source>Pause on a metered network</source>
        <translation>従量制ネットワークで一時停止</translation>
    </message>
    <message>
        <source>On a metered connection (a phone&apos;s hotspot) the Runner finishes its runs but takes no new work; it takes work again by itself on another network.</source>
        <translation>従量制の接続（スマートフォンのテザリングなど）では、ランナーは実行中の作業を終えますが新しい作業は受け付けません。別のネットワークでは自動的に再開します。</translation>
    </message>
    <message>
        <source>Workspaces of runs that asked to keep them (snapshot.on_settle), on this machine only; the control plane knows their ids, never their content. A run that starts from a deleted one is refused.</source>
        <translation>保持を求めた実行（snapshot.on_settle）のワークスペースで、このマシンにだけ保存されます。コントロールプレーンが知るのは ID だけで、内容は知りません。削除したワークスペースから始まる実行は拒否されます。</translation>
    </message>
    <message>
        <source>Delete all…</source>
        <translation>すべて削除…</translation>
    </message>
    <message>
        <source>Workspaces kept</source>
        <translation>保持中のワークスペース</translation>
    </message>
    <message>
        <source>at most %1 MiB, each kept %2 days</source>
        <translation>最大 %1 MiB、各 %2 日間保持</translation>
    </message>
    <message>
        <source>none (%1)</source>
        <translation>なし（%1）</translation>
    </message>
    <message numerus="yes">
        <source>%n workspace(s), %1 MiB (%2)</source>
        <translation>
            <numerusform>ワークスペース %n 個、%1 MiB（%2）</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete kept workspaces</source>
        <translation>保持中のワークスペースの削除</translation>
    </message>
    <message numerus="yes">
        <source>Delete the %n workspace(s) kept on this machine? Runs can no longer start from them.</source>
        <translation>
            <numerusform>このマシンに保持されているワークスペース %n 個を削除しますか？ 削除すると、実行をそこから始められなくなります。</numerusform>
        </translation>
    </message>
    <message>
        <source>deleting…</source>
        <translation>削除中…</translation>
    </message>
    <message>
        <source>Show…</source>
        <translation>表示…</translation>
    </message>
    <message>
        <source>What the runs changed in the workspaces kept on this machine</source>
        <translation>このマシンに保管されたワークスペースで実行が変更した内容</translation>
    </message>
    <message>
        <source>runs were lost while the computer slept</source>
        <translation>コンピューターのスリープ中に実行が失われたとき</translation>
    </message>
</context>
<context>
    <name>SingleInstance</name>
    <message>
        <source>Another Checkfu Runner is starting and holds %1.</source>
        <translation>別の Checkfu Runner が起動中で、%1 を使用しています。</translation>
    </message>
    <message>
        <source>Cannot reach the running Checkfu Runner at %1: %2</source>
        <translation>%1 で実行中の Checkfu Runner に接続できません: %2</translation>
    </message>
    <message>
        <source>The running Checkfu Runner did not accept the request (no answer within %1 s).</source>
        <translation>実行中の Checkfu Runner が要求を受け付けませんでした（%1 秒以内に応答なし）。</translation>
    </message>
    <message>
        <source>Cannot listen on %1: %2</source>
        <translation>%1 で待ち受けできません: %2</translation>
    </message>
</context>
<context>
    <name>SnapshotDiff</name>
    <message>
        <source>this machine holds no readable snapshot %1</source>
        <translation>このマシンには読み取り可能なスナップショット %1 がありません</translation>
    </message>
    <message>
        <source>showing changes needs git (apt install git)</source>
        <translation>変更内容の表示には git が必要です（apt install git）</translation>
    </message>
    <message>
        <source>no scratch directory for the diff: %1</source>
        <translation>差分用の一時ディレクトリがありません: %1</translation>
    </message>
    <message>
        <source>git&apos;s list of changes could not be read</source>
        <translation>git の変更一覧を読み取れませんでした</translation>
    </message>
    <message>
        <source>%1 did not change</source>
        <translation>%1 は変更されていません</translation>
    </message>
    <message>
        <source>git diff failed: %1</source>
        <translation>git diff に失敗しました: %1</translation>
    </message>
    <message>
        <source>the diff&apos;s scratch copy %1 could not be written: %2</source>
        <translation>差分用の一時コピー %1 を書き込めませんでした: %2</translation>
    </message>
    <message>
        <source>over %1 MiB</source>
        <translation>%1 MiB 超</translation>
    </message>
    <message>
        <source>past the %1 MiB one diff shows (the smaller files come first)</source>
        <translation>1 回の差分で表示する %1 MiB を超えています（小さいファイルが優先されます）</translation>
    </message>
    <message>
        <source>its stored content is missing or damaged</source>
        <translation>保存された内容が見つからないか破損しています</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) are left out of this diff and its patch: a side over %1 MiB, past the %2 MiB one diff shows (the smaller files first), or unreadable.</source>
        <translation>
            <numerusform>%n 個のファイルはこの差分とパッチから除外されています: 片側が %1 MiB 超、1 回の差分で表示する %2 MiB を超過（小さいファイルが優先）、または読み取り不可。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: its stored content is missing or damaged</source>
        <translation>%1: 保存された内容が見つからないか破損しています</translation>
    </message>
    <message>
        <source>%1 is left out of the diff: %2</source>
        <translation>%1 は差分から除外されています: %2</translation>
    </message>
    <message>
        <source>%1 cannot be written: %2</source>
        <translation>%1 に書き込めません: %2</translation>
    </message>
    <message>
        <source>git diff could not be started: %1</source>
        <translation>git diff を起動できませんでした: %1</translation>
    </message>
    <message>
        <source>git diff said nothing for %1 minutes</source>
        <translation>git diff が %1 分間何も出力しませんでした</translation>
    </message>
    <message>
        <source>the patch could not be handed on (its reader went away)</source>
        <translation>パッチを渡せませんでした（読み手が終了しました）</translation>
    </message>
</context>
<context>
    <name>SnapshotExport</name>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 ほか %n 件</numerusform>
        </translation>
    </message>
    <message>
        <source>hooks</source>
        <translation>フック</translation>
    </message>
    <message>
        <source>commands of an unfinished rebase</source>
        <translation>完了していないリベースのコマンド</translation>
    </message>
    <message>
        <source>a link in a git directory</source>
        <translation>git ディレクトリ内のリンク</translation>
    </message>
    <message>
        <source>a link named .git</source>
        <translation>.git という名前のリンク</translation>
    </message>
    <message>
        <source>points outside the export</source>
        <translation>エクスポート先の外を指しています</translation>
    </message>
    <message>
        <source>a git configuration too large to rewrite</source>
        <translation>書き換えるには大きすぎる git 設定</translation>
    </message>
    <message>
        <source>The files came from the agent: look through them before you run anything there (a build, a script, an editor&apos;s settings for the folder).</source>
        <translation>これらのファイルはエージェントが作成したものです。そこで何か（ビルド、スクリプト、フォルダー用のエディター設定など）を実行する前に内容を確認してください。</translation>
    </message>
    <message>
        <source>So that git run there runs nothing the agent chose:</source>
        <translation>そこで実行する git がエージェントの選んだものを何も実行しないように:</translation>
    </message>
    <message>
        <source>- rewritten, keeping only settings that never run a command: %1</source>
        <translation>- 書き換え（コマンドを実行しない設定だけを残しました）: %1</translation>
    </message>
    <message>
        <source>  (left out of them: %1)</source>
        <translation>  （除外した設定: %1）</translation>
    </message>
    <message>
        <source>- left out: %1</source>
        <translation>- 除外: %1</translation>
    </message>
    <message>
        <source>%1 cannot be created: %2</source>
        <translation>%1 を作成できません: %2</translation>
    </message>
    <message>
        <source>%1 is a symbolic link; choose the folder it points to, or another</source>
        <translation>%1 はシンボリックリンクです。リンク先のフォルダーか、別のフォルダーを選んでください</translation>
    </message>
    <message>
        <source>%1 exists and is not an empty directory</source>
        <translation>%1 は既に存在し、空のディレクトリではありません</translation>
    </message>
    <message>
        <source>%1 cannot be opened: %2</source>
        <translation>%1 を開けません: %2</translation>
    </message>
    <message>
        <source>%1 belongs to another user (uid %2, not %3), who could change the files while or after they are exported. Choose a folder of your own.</source>
        <translation>%1 は別のユーザー（UID %2、あなたは %3）のものです。そのユーザーはエクスポート中やエクスポート後にファイルを変更できます。自分のフォルダーを選んでください。</translation>
    </message>
    <message>
        <source>%1 can be written by other users (mode %2), who could change the files while or after they are exported. Choose another folder, or make it yours alone: chmod go-w %1</source>
        <translation>%1 には他のユーザーが書き込めます（モード %2）。そのユーザーはエクスポート中やエクスポート後にファイルを変更できます。別のフォルダーを選ぶか、自分だけのものにしてください: chmod go-w %1</translation>
    </message>
</context>
<context>
    <name>SnapshotManifest</name>
    <message>
        <source>manifest: its last line has no line break</source>
        <translation>マニフェスト: 最後の行に改行がありません</translation>
    </message>
    <message>
        <source>manifest line %1: %2</source>
        <translation>マニフェスト %1 行目: %2</translation>
    </message>
    <message>
        <source>too short</source>
        <translation>短すぎます</translation>
    </message>
    <message>
        <source>no mode</source>
        <translation>モードがありません</translation>
    </message>
    <message>
        <source>no hash</source>
        <translation>ハッシュがありません</translation>
    </message>
    <message>
        <source>a file&apos;s mode is 755 or 644</source>
        <translation>ファイルのモードは 755 か 644 です</translation>
    </message>
    <message>
        <source>only a file has a mode</source>
        <translation>モードを持つのはファイルだけです</translation>
    </message>
    <message>
        <source>unknown type</source>
        <translation>不明な種類です</translation>
    </message>
    <message>
        <source>bad hash</source>
        <translation>ハッシュが不正です</translation>
    </message>
    <message>
        <source>bad path</source>
        <translation>パスが不正です</translation>
    </message>
    <message>
        <source>not sorted or listed twice</source>
        <translation>並び順が正しくないか、2 回記載されています</translation>
    </message>
    <message>
        <source>its directory is not listed before it</source>
        <translation>そのディレクトリーが前に記載されていません</translation>
    </message>
</context>
<context>
    <name>SnapshotStore</name>
    <message>
        <source>stopped</source>
        <translation>停止しました</translation>
    </message>
    <message>
        <source>%1 lies deeper than %2 directories</source>
        <translation>%1 は %2 階層より深い場所にあります</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 を読み取れません: %2</translation>
    </message>
    <message>
        <source>cannot read the link %1</source>
        <translation>リンク %1 を読み取れません</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>%1 を開けません: %2</translation>
    </message>
    <message>
        <source>%1: its stored content is damaged</source>
        <translation>%1: 保存された内容が破損しています</translation>
    </message>
    <message>
        <source>this machine holds no snapshot %1</source>
        <translation>このマシンにはスナップショット %1 がありません</translation>
    </message>
    <message>
        <source>the stored record of snapshot %1 is damaged</source>
        <translation>スナップショット %1 の保存された記録が破損しています</translation>
    </message>
    <message>
        <source>snapshot %1 expired at %2</source>
        <translation>スナップショット %1 は %2 に期限切れになりました</translation>
    </message>
    <message>
        <source>snapshot %1 has the digest %2, not %3</source>
        <translation>スナップショット %1 のダイジェストは %2 で、%3 ではありません</translation>
    </message>
    <message>
        <source>the stored manifest of snapshot %1 is damaged</source>
        <translation>スナップショット %1 の保存されたマニフェストが破損しています</translation>
    </message>
    <message>
        <source>its record is missing or damaged</source>
        <translation>記録がないか、破損しています</translation>
    </message>
    <message>
        <source>its manifest does not match its digest</source>
        <translation>マニフェストがダイジェストと一致しません</translation>
    </message>
    <message>
        <source>the content of %1 is missing or damaged</source>
        <translation>%1 の内容がないか、破損しています</translation>
    </message>
    <message>
        <source>%1: its directory is missing</source>
        <translation>%1: ディレクトリーがありません</translation>
    </message>
    <message>
        <source>%1: its content is missing from the store</source>
        <translation>%1: 内容が保存先にありません</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 バイト</translation>
    </message>
    <message>
        <source>the snapshot store keeps at most %1 (%2 of it for runs still going)</source>
        <translation>スナップショットの保存領域は最大 %1 を保持します（うち %2 は実行中のランのもの）</translation>
    </message>
    <message>
        <source>%1 (%2) does not fit: %3, sparse files counted at their full size</source>
        <translation>%1（%2）は収まりません: %3。スパースファイルは完全なサイズで数えます</translation>
    </message>
    <message>
        <source>the workspace and the tree it started from hold %1, more than the snapshot store keeps at most (%2)</source>
        <translation>ワークスペースと開始時のツリーで %1 あり、スナップショットの保存領域が保持できる最大（%2）を超えています</translation>
    </message>
</context>
<context>
    <name>SnapshotsCommand</name>
    <message>
        <source>Workspaces kept on this machine (runs with snapshot.on_settle). They never leave it; the control plane only knows their ids and digests. Kept for %1 days, at most %2 MiB in all, the oldest removed first.</source>
        <translation>このマシンに保持されたワークスペース（snapshot.on_settle を指定した実行）です。このマシンから出ることはなく、コントロールプレーンが知るのは ID とダイジェストだけです。%1 日間、合計 %2 MiB まで保持され、古いものから削除されます。</translation>
    </message>
    <message>
        <source>list: one JSON array, for scripts</source>
        <translation>list: スクリプト向けの JSON 配列 1 つ</translation>
    </message>
    <message>
        <source>list (the default), show ID, diff ID, export ID DIR, rm ID, prune or verify</source>
        <translation>list（既定）、show ID、diff ID、export ID DIR、rm ID、prune、verify のいずれか</translation>
    </message>
    <message numerus="yes">
        <source>checkfu-runner snapshots %1: expected %n argument(s); see --help</source>
        <translation>
            <numerusform>checkfu-runner snapshots %1: 引数は %n 個です。--help を参照してください</numerusform>
        </translation>
    </message>
    <message>
        <source>checkfu-runner snapshots: unknown action &apos;%1&apos;; use list, show, diff, export, rm, prune or verify</source>
        <translation>checkfu-runner snapshots: 不明な操作 &apos;%1&apos; です。list、show、diff、export、rm、prune、verify のいずれかを使ってください</translation>
    </message>
    <message>
        <source>checkfu-runner snapshots: this machine holds no snapshot &apos;%1&apos; (see snapshots list)</source>
        <translation>checkfu-runner snapshots: このマシンにはスナップショット &apos;%1&apos; がありません（snapshots list を参照してください）</translation>
    </message>
    <message numerus="yes">
        <source>%n snapshot(s), %1 MiB in %2 (kept %3 days, at most %4 MiB)</source>
        <translation>
            <numerusform>スナップショット %n 個、%2 に %1 MiB（%3 日間保持、最大 %4 MiB）</numerusform>
        </translation>
    </message>
    <message>
        <source>Snapshot %1</source>
        <translation>スナップショット %1</translation>
    </message>
    <message>
        <source>  digest:   %1</source>
        <translation>  ダイジェスト: %1</translation>
    </message>
    <message>
        <source>  run:      %1 (%2)</source>
        <translation>  実行:     %1 (%2)</translation>
    </message>
    <message>
        <source>  taken:    %1</source>
        <translation>  作成:     %1</translation>
    </message>
    <message>
        <source>  expires:  %1</source>
        <translation>  期限:     %1</translation>
    </message>
    <message>
        <source>  files:    %1 (%2 bytes)</source>
        <translation>  ファイル: %1（%2 バイト）</translation>
    </message>
    <message>
        <source>  base:     git %1</source>
        <translation>  ベース:   git %1</translation>
    </message>
    <message>
        <source>  changes:  %1 added, %2 modified, %3 deleted</source>
        <translation>  変更:     追加 %1、変更 %2、削除 %3</translation>
    </message>
    <message>
        <source>checkfu-runner snapshots export: %1</source>
        <translation>checkfu-runner snapshots export: %1</translation>
    </message>
    <message>
        <source>Exported %1 to %2 (every file checked against its digest).</source>
        <translation>%1 を %2 にエクスポートしました（すべてのファイルをダイジェストで検証済み）。</translation>
    </message>
    <message>
        <source>Removed %1; %2 MiB freed.</source>
        <translation>%1 を削除しました。%2 MiB を解放しました。</translation>
    </message>
    <message>
        <source>%1 expired and %2 over the size limit removed; %3 MiB freed.</source>
        <translation>期限切れ %1 個とサイズ上限超過 %2 個を削除しました。%3 MiB を解放しました。</translation>
    </message>
    <message>
        <source>%1  ok</source>
        <translation>%1  正常</translation>
    </message>
    <message>
        <source>%1  DAMAGED: %2 (it will never be restored; remove it with snapshots rm)</source>
        <translation>%1  破損: %2（復元されることはありません。snapshots rm で削除してください）</translation>
    </message>
    <message numerus="yes">
        <source>%n snapshot(s) checked, %1 damaged.</source>
        <translation>
            <numerusform>スナップショット %n 個を検証し、%1 個が破損していました。</numerusform>
        </translation>
    </message>
    <message>
        <source>checkfu-runner snapshots diff: %1</source>
        <translation>checkfu-runner snapshots diff: %1</translation>
    </message>
    <message>
        <source>checkfu-runner snapshots diff: %1: left out, %2</source>
        <translation>checkfu-runner snapshots diff: %1: 除外, %2</translation>
    </message>
    <message>
        <source>checkfu-runner snapshots diff: %1 `checkfu-runner snapshots export %2 DIR` writes every file.</source>
        <translation>checkfu-runner snapshots diff: %1 `checkfu-runner snapshots export %2 DIR` ですべてのファイルを書き出せます。</translation>
    </message>
</context>
<context>
    <name>StatusWindow</name>
    <message>
        <source>Checkfu Runner</source>
        <translation>Checkfu Runner</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation>エンドポイント</translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>マシン</translation>
    </message>
    <message>
        <source>Runner</source>
        <translation>ランナー</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>サンドボックス</translation>
    </message>
    <message>
        <source>Slots</source>
        <translation>スロット</translation>
    </message>
    <message>
        <source>Last contact</source>
        <translation>最終通信</translation>
    </message>
    <message>
        <source>Next retry</source>
        <translation>次回の再試行</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>詳細</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Waiting for your decision</source>
        <translation>あなたの判断を待っています</translation>
    </message>
    <message>
        <source>not paired</source>
        <translation>ペアリングされていません</translation>
    </message>
</context>
<context>
    <name>TrayCommandLine</name>
    <message>
        <source>Checkfu Runner in the system tray: runs Checkfu agent sessions on this machine. The flags and environment variables are those of `checkfu-runner start`.</source>
        <translation>システムトレイで動作する Checkfu Runner: このマシンで Checkfu エージェントのセッションを実行します。フラグと環境変数は `checkfu-runner start` と同じです。</translation>
    </message>
    <message>
        <source>Control plane URL (https, or http to loopback).</source>
        <translation>コントロールプレーンの URL（https、またはループバック宛ての http）。</translation>
    </message>
    <message>
        <source>This machine&apos;s display label. Default: the host name.</source>
        <translation>このマシンの表示ラベル。既定: ホスト名。</translation>
    </message>
    <message>
        <source>Sandbox tier: host-process, bubblewrap, docker or none.</source>
        <translation>サンドボックスレベル: host-process、bubblewrap、docker、none のいずれか。</translation>
    </message>
    <message>
        <source>Where the credential is kept: keychain (default) or file.</source>
        <translation>認証情報の保存先: keychain（既定）または file。</translation>
    </message>
    <message>
        <source>Runs at once (1-64). Default: 1.</source>
        <translation>同時に実行する数（1〜64）。既定: 1。</translation>
    </message>
    <message>
        <source>Paths a bubblewrap sandbox shows read-only, &apos;:&apos;-separated. Repeatable.</source>
        <translation>bubblewrap サンドボックスに読み取り専用で見せるパス（&apos;:&apos; 区切り）。複数回指定できます。</translation>
    </message>
    <message>
        <source>trace, debug, info (default), warn or error.</source>
        <translation>trace、debug、info（既定）、warn、error のいずれか。</translation>
    </message>
    <message>
        <source>A checkfu://pair?code=…&amp;endpoint=… link: opens the pairing wizard with it filled in.</source>
        <translation>checkfu://pair?code=…&amp;endpoint=… 形式のリンク: 内容を入力済みの状態でペアリングウィザードを開きます。</translation>
    </message>
    <message>
        <source>checkfu-tray takes no arguments besides its flags and a checkfu://pair link; see --help.</source>
        <translation>checkfu-tray はフラグと checkfu://pair リンク以外の引数を受け付けません。--help を参照してください。</translation>
    </message>
    <message>
        <source>--log-level: use trace, debug, info, warn or error.</source>
        <translation>--log-level: trace、debug、info、warn、error のいずれかを指定してください。</translation>
    </message>
    <message>
        <source>One-use pairing code (CFU-XXXX-XXXX-XXXX) to redeem; - reads it from standard input. On a shared machine use - or %1: every local account can read a command line.</source>
        <translation>使用する 1 回限りのペアリングコード（CFU-XXXX-XXXX-XXXX）。- を指定すると標準入力から読み取ります。共有マシンでは - または %1 を使ってください。ローカルのすべてのアカウントがコマンドラインを読み取れます。</translation>
    </message>
    <message>
        <source>Size of the git mirror cache in MiB; 0 keeps no mirrors. Default: %1.</source>
        <translation>git ミラーキャッシュのサイズ（MiB）。0 ではミラーを保持しません。既定値: %1。</translation>
    </message>
    <message>
        <source>While runs are active, keep the machine from sleeping: always, ac (only on AC power) or never. Default: ac.</source>
        <translation>実行中にマシンをスリープさせない設定: always、ac（AC 電源のときのみ）、never。既定値: ac。</translation>
    </message>
    <message>
        <source>Take no new work while on battery below this percentage; 0 never. Default: 0.</source>
        <translation>バッテリー残量がこのパーセント未満のバッテリー駆動中は新しい作業を受け付けません。0 では停止しません。既定値: 0。</translation>
    </message>
    <message>
        <source>Take no new work while the network connection is metered: true or false. Default: false.</source>
        <translation>ネットワーク接続が従量制の間は新しい作業を受け付けません: true または false。既定値: false。</translation>
    </message>
    <message>
        <source>Shows what a run changed in a workspace kept on this machine: a snapshot id (see `checkfu-runner snapshots list`), or latest.</source>
        <translation>このマシンに保管されたワークスペースで実行が変更した内容を表示します: スナップショット ID（`checkfu-runner snapshots list` を参照）または latest。</translation>
    </message>
    <message>
        <source>Bound of the workspaces kept on this machine in MiB. Default: %1.</source>
        <translation>このマシンに保持するワークスペースの上限（MiB）。既定値: %1。</translation>
    </message>
</context>
<context>
    <name>TrayHooks</name>
    <message>
        <source>1 run is in flight. Quitting lets it finish first and takes no new work. Quit when it is done?</source>
        <translation>実行中の作業が 1 件あります。終了すると、新しい作業は受け付けずにその実行が終わるのを待ちます。完了したら終了しますか？</translation>
    </message>
    <message>
        <source>%1 runs are in flight. Quitting lets them finish first and takes no new work. Quit when they are done?</source>
        <translation>実行中の作業が %1 件あります。終了すると、新しい作業は受け付けずにそれらの実行が終わるのを待ちます。すべて完了したら終了しますか？</translation>
    </message>
    <message>
        <source>Quit Checkfu Runner</source>
        <translation>Checkfu Runner を終了</translation>
    </message>
    <message>
        <source>Cancel run</source>
        <translation>実行のキャンセル</translation>
    </message>
    <message>
        <source>Cancel “%1”? The harness is stopped and the run ends as cancelled on this machine.</source>
        <translation>「%1」をキャンセルしますか？ハーネスが停止され、この実行はこのマシン上でキャンセルとして終了します。</translation>
    </message>
</context>
<context>
    <name>TrayIcon</name>
    <message>
        <source>This desktop shows no system tray (on GNOME it needs the AppIndicator extension), so Checkfu Runner keeps this window open instead. Closing it quits the Runner.</source>
        <translation>このデスクトップにはシステムトレイがありません（GNOME では AppIndicator 拡張機能が必要です）。そのため、Checkfu Runner は代わりにこのウィンドウを開いたままにします。このウィンドウを閉じるとランナーは終了します。</translation>
    </message>
</context>
<context>
    <name>TrayMenu</name>
    <message>
        <source>Pair this machine…</source>
        <translation>このマシンをペアリング…</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>設定…</translation>
    </message>
    <message>
        <source>Diagnostics…</source>
        <translation>診断…</translation>
    </message>
    <message>
        <source>Show log</source>
        <translation>ログを表示</translation>
    </message>
    <message>
        <source>Unpair…</source>
        <translation>ペアリング解除…</translation>
    </message>
    <message>
        <source>Quit Checkfu Runner</source>
        <translation>Checkfu Runner を終了</translation>
    </message>
</context>
<context>
    <name>TrayPresentation</name>
    <message>
        <source>1 approval waiting</source>
        <translation>承認待ち 1 件</translation>
    </message>
    <message>
        <source>%1 approvals waiting</source>
        <translation>承認待ち %1 件</translation>
    </message>
    <message>
        <source>Not running</source>
        <translation>停止中</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>起動中…</translation>
    </message>
    <message>
        <source>Pairing…</source>
        <translation>ペアリング中…</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>接続中…</translation>
    </message>
    <message>
        <source>Reconnecting after sleep…</source>
        <translation>スリープから復帰して再接続中…</translation>
    </message>
    <message>
        <source>Offline — reconnecting</source>
        <translation>オフライン — 再接続中</translation>
    </message>
    <message>
        <source>Offline — retrying at %1</source>
        <translation>オフライン — %1 に再試行</translation>
    </message>
    <message>
        <source>Running %1</source>
        <translation>実行中（%1）</translation>
    </message>
    <message>
        <source>Ready — waiting for work</source>
        <translation>準備完了 — 作業を待っています</translation>
    </message>
    <message>
        <source>Draining — %1 left</source>
        <translation>受付停止中 — 残り %1</translation>
    </message>
    <message>
        <source>Draining — taking no new work</source>
        <translation>受付停止中 — 新しい作業は受け付けません</translation>
    </message>
    <message>
        <source>Stopping — %1 left</source>
        <translation>停止処理中 — 残り %1</translation>
    </message>
    <message>
        <source>Stopping — signing off</source>
        <translation>停止処理中 — サインオフしています</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>停止しました</translation>
    </message>
    <message>
        <source>Not paired</source>
        <translation>ペアリングされていません</translation>
    </message>
    <message>
        <source>Revoked — this machine&apos;s pairing was withdrawn</source>
        <translation>取り消し済み — このマシンのペアリングは取り消されました</translation>
    </message>
    <message>
        <source>Stopped — this pairing is in use on another machine (clone)</source>
        <translation>停止 — このペアリングは別のマシンで使用されています（クローン）</translation>
    </message>
    <message>
        <source>Stopped by an error</source>
        <translation>エラーにより停止しました</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Checkfu Runner — %1</source>
        <translation>Checkfu Runner — %1</translation>
    </message>
    <message>
        <source>Waiting for your decision: %1</source>
        <translation>あなたの判断を待っています: %1</translation>
    </message>
    <message>
        <source>Endpoint: %1</source>
        <translation>エンドポイント: %1</translation>
    </message>
    <message>
        <source>Machine: %1</source>
        <translation>マシン: %1</translation>
    </message>
    <message>
        <source>Sandbox: %1</source>
        <translation>サンドボックス: %1</translation>
    </message>
    <message>
        <source>Last contact: %1</source>
        <translation>最終通信: %1</translation>
    </message>
    <message>
        <source>Next retry: %1</source>
        <translation>次回の再試行: %1</translation>
    </message>
    <message>
        <source>Resume taking work</source>
        <translation>作業の受付を再開</translation>
    </message>
    <message>
        <source>Drain — finish runs, take no new work</source>
        <translation>受付停止 — 実行中の作業だけ終える</translation>
    </message>
    <message>
        <source>Stop now — cancel %1</source>
        <translation>今すぐ停止 — %1 をキャンセル</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>停止処理中…</translation>
    </message>
    <message>
        <source>Stop runner</source>
        <translation>ランナーを停止</translation>
    </message>
    <message>
        <source>Start runner</source>
        <translation>ランナーを起動</translation>
    </message>
    <message>
        <source>an agent&apos;s request</source>
        <translation>エージェントの要求</translation>
    </message>
    <message>
        <source>Decide: %1</source>
        <translation>判断する: %1</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>未設定</translation>
    </message>
    <message>
        <source>not known yet</source>
        <translation>まだ不明</translation>
    </message>
    <message>
        <source>now (connected since %1)</source>
        <translation>現在（%1 から接続中）</translation>
    </message>
    <message>
        <source>now</source>
        <translation>現在</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>まだありません</translation>
    </message>
    <message>
        <source>%1 of %2 busy</source>
        <translation>使用中 %1 / %2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Show activity…</source>
        <translation>アクティビティを表示…</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>untitled run</source>
        <translation>無題の実行</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 時間 %2 分</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>拒否</translation>
    </message>
    <message>
        <source>Given up</source>
        <translation>断念</translation>
    </message>
    <message>
        <source>its sandbox tier is not available here</source>
        <translation>サンドボックスレベルがこのマシンでは使用できません</translation>
    </message>
    <message>
        <source>its network boundary is not available here</source>
        <translation>ネットワークの境界がこのマシンでは使用できません</translation>
    </message>
    <message>
        <source>its retention mode is not available here</source>
        <translation>保持モードがこのマシンでは使用できません</translation>
    </message>
    <message>
        <source>its harness driver is not supported</source>
        <translation>ハーネスドライバーがサポートされていません</translation>
    </message>
    <message>
        <source>its launch kind is not supported</source>
        <translation>起動の種類がサポートされていません</translation>
    </message>
    <message>
        <source>it asks for more resources than allowed</source>
        <translation>許可された量を超えるリソースを要求しています</translation>
    </message>
    <message>
        <source>its harness and model do not match</source>
        <translation>ハーネスとモデルが一致しません</translation>
    </message>
    <message>
        <source>one of its mounts is not supported</source>
        <translation>サポートされていないマウントがあります</translation>
    </message>
    <message>
        <source>its run spec is invalid</source>
        <translation>実行の仕様が無効です</translation>
    </message>
    <message>
        <source>the harness exited with an error</source>
        <translation>ハーネスがエラーで終了しました</translation>
    </message>
    <message>
        <source>the harness was killed by a signal</source>
        <translation>ハーネスがシグナルで強制終了されました</translation>
    </message>
    <message>
        <source>the harness could not be started</source>
        <translation>ハーネスを起動できませんでした</translation>
    </message>
    <message>
        <source>the harness was silent too long</source>
        <translation>ハーネスの無応答が長すぎました</translation>
    </message>
    <message>
        <source>it ran past its time limit</source>
        <translation>制限時間を超えました</translation>
    </message>
    <message>
        <source>cancelled from the dashboard</source>
        <translation>ダッシュボードからキャンセルされました</translation>
    </message>
    <message>
        <source>cancelled on this machine</source>
        <translation>このマシンでキャンセルされました</translation>
    </message>
    <message>
        <source>the agent ended mid-session</source>
        <translation>エージェントがセッションの途中で終了しました</translation>
    </message>
    <message>
        <source>the agent broke the protocol</source>
        <translation>エージェントがプロトコルに違反しました</translation>
    </message>
    <message>
        <source>its in-memory buffer filled up during an outage</source>
        <translation>接続障害の間にメモリ内のバッファーがいっぱいになりました</translation>
    </message>
    <message>
        <source>the Runner restarted</source>
        <translation>ランナーが再起動しました</translation>
    </message>
    <message>
        <source>Open dashboard</source>
        <translation>ダッシュボードを開く</translation>
    </message>
    <message>
        <source>%1… %2 %</source>
        <translation>%1… %2 %</translation>
    </message>
    <message>
        <source>%1…</source>
        <translation>%1…</translation>
    </message>
    <message>
        <source>its workspace could not be materialised</source>
        <translation>ワークスペースを準備できませんでした</translation>
    </message>
    <message>
        <source>%1 — %2 left</source>
        <translation>%1 — 残り %2</translation>
    </message>
    <message>
        <source>The computer slept for %1.</source>
        <translation>コンピューターは %1 スリープしていました。</translation>
    </message>
    <message>
        <source>Takes work again by itself once the computer is plugged in and on a network that is not metered.</source>
        <translation>コンピューターが電源に接続され、従量制でないネットワークに接続されると、自動的に作業の受付を再開します。</translation>
    </message>
    <message>
        <source>Takes work again by itself once the computer is plugged in.</source>
        <translation>コンピューターが電源に接続されると、自動的に作業の受付を再開します。</translation>
    </message>
    <message>
        <source>Takes work again by itself on a network that is not metered.</source>
        <translation>従量制でないネットワークでは、自動的に作業の受付を再開します。</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) going</source>
        <translation>
            <numerusform>実行中 %n 件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The computer slept for %1; %n run(s) lost.</source>
        <translation>
            <numerusform>コンピューターは %1 スリープしていました。%n 件の実行が失われました。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n 件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Show activity — %n run(s) going…</source>
        <translation>
            <numerusform>アクティビティを表示 — 実行中 %n 件…</numerusform>
        </translation>
    </message>
    <message>
        <source>the workspace it starts from is not kept on this machine</source>
        <translation>開始元のワークスペースがこのマシンに保持されていません</translation>
    </message>
    <message numerus="yes">
        <source>Platform tools: %n call(s)</source>
        <translation>
            <numerusform>プラットフォームツール: %n 回の呼び出し</numerusform>
        </translation>
    </message>
    <message>
        <source>it asks for platform tools this machine does not relay</source>
        <translation>このマシンが中継しないプラットフォームツールを求めています</translation>
    </message>
</context>
<context>
    <name>UnpairDialog</name>
    <message>
        <source>Unpair This Machine</source>
        <translation>このマシンのペアリングを解除</translation>
    </message>
    <message>
        <source>&lt;p&gt;Unpairing stops the runner and makes this machine forget runner &lt;b&gt;%1&lt;/b&gt; at %2: its pairing and its credential are removed from this machine. To use this machine again, pair it with a new code.&lt;/p&gt;&lt;p&gt;The control plane is not told: a runner cannot deregister itself. It keeps runner %1 on record, and its credential stays valid there, until an administrator revokes it.&lt;/p&gt;</source>
        <translation>&lt;p&gt;ペアリングを解除すると、ランナーが停止し、このマシンは %2 のランナー &lt;b&gt;%1&lt;/b&gt; の情報を破棄します。ペアリングと認証情報はこのマシンから削除されます。このマシンを再び使うには、新しいコードでペアリングしてください。&lt;/p&gt;&lt;p&gt;コントロールプレーンには通知されません。ランナーは自分自身の登録を解除できないためです。管理者が取り消すまで、コントロールプレーンにはランナー %1 の記録が残り、その認証情報も有効なままです。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Unpair</source>
        <translation>ペアリング解除</translation>
    </message>
    <message>
        <source>Stopping the runner and forgetting the pairing…</source>
        <translation>ランナーを停止し、ペアリング情報を破棄しています…</translation>
    </message>
    <message>
        <source>This machine is no longer paired.</source>
        <translation>このマシンのペアリングは解除されました。</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <source>Unpairing failed.</source>
        <translation>ペアリングの解除に失敗しました。</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>再試行</translation>
    </message>
</context>
<context>
    <name>WorkloadIdentity</name>
    <message>
        <source>This machine was disconnected from Checkfu by an administrator. Its credential has been forgotten; pair it again with a new code to reconnect.</source>
        <translation>このマシンは管理者によって Checkfu から切断されました。認証情報は破棄されました。再接続するには、新しいコードでもう一度ペアリングしてください。</translation>
    </message>
    <message>
        <source>Two Runner processes used this machine&apos;s credential at once (a copied or cloned setup), so Checkfu revoked it. The credential has been forgotten; pair this machine again with a new code.</source>
        <translation>2 つのランナープロセスがこのマシンの認証情報を同時に使用したため（コピーまたはクローンされた構成）、Checkfu が認証情報を取り消しました。認証情報は破棄されました。新しいコードでこのマシンをもう一度ペアリングしてください。</translation>
    </message>
    <message>
        <source>The control plane does not recognise this machine&apos;s credential. Pair the machine again (checkfu-runner unpair, then start --code).</source>
        <translation>コントロールプレーンがこのマシンの認証情報を認識できません。マシンをもう一度ペアリングしてください（checkfu-runner unpair の後に start --code）。</translation>
    </message>
    <message>
        <source>The control plane refused the Runner&apos;s identity: %1</source>
        <translation>コントロールプレーンがランナーの ID を拒否しました: %1</translation>
    </message>
</context>
<context>
    <name>WorkspaceChangesDialog</name>
    <message>
        <source>Workspace changes</source>
        <translation>ワークスペースの変更内容</translation>
    </message>
    <message>
        <source>Workspace:</source>
        <translation>ワークスペース:</translation>
    </message>
    <message>
        <source>File</source>
        <translation>ファイル</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>変更</translation>
    </message>
    <message>
        <source>Lines</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Save patch…</source>
        <translation>パッチを保存…</translation>
    </message>
    <message>
        <source>Every change as one patch file: git apply in the prepared tree makes it the kept one</source>
        <translation>すべての変更を 1 つのパッチファイルに: 準備されたツリーで git apply すると保管されたツリーになります</translation>
    </message>
    <message>
        <source>Export files…</source>
        <translation>ファイルをエクスポート…</translation>
    </message>
    <message>
        <source>Reading the workspaces kept on this machine…</source>
        <translation>このマシンに保管されたワークスペースを読み込んでいます…</translation>
    </message>
    <message>
        <source>%1 — %2 (%3 added, %4 modified, %5 deleted)</source>
        <translation>%1 — %2（追加 %3、変更 %4、削除 %5）</translation>
    </message>
    <message>
        <source>No workspace is kept on this machine. A run keeps its workspace when its Session asks for it (snapshot.on_settle).</source>
        <translation>このマシンに保管されたワークスペースはありません。セッションが求めた場合（snapshot.on_settle）、実行はワークスペースを保管します。</translation>
    </message>
    <message>
        <source>The workspace %1 is no longer kept on this machine (removed or expired).</source>
        <translation>ワークスペース %1 はこのマシンにもう保管されていません（削除されたか期限切れです）。</translation>
    </message>
    <message>
        <source>Comparing the workspace with the tree it started from…</source>
        <translation>ワークスペースを開始時のツリーと比較しています…</translation>
    </message>
    <message>
        <source>The changes cannot be shown: %1</source>
        <translation>変更内容を表示できません: %1</translation>
    </message>
    <message>
        <source>the workspace as it was prepared</source>
        <translation>準備された時点のワークスペース</translation>
    </message>
    <message>
        <source>git commit %1 as it was prepared</source>
        <translation>準備された git コミット %1</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) changed, compared with %1. Kept until %2; %3 in all.</source>
        <translation>
            <numerusform>%1 と比べて %n 個のファイルが変更されました。%2 まで保管されます。合計 %3。</numerusform>
        </translation>
    </message>
    <message>
        <source>added</source>
        <translation>追加</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>modified</source>
        <translation>変更</translation>
    </message>
    <message>
        <source>over 16 MiB</source>
        <translation>16 MiB 超</translation>
    </message>
    <message>
        <source>binary</source>
        <translation>バイナリ</translation>
    </message>
    <message>
        <source>The run changed no file.</source>
        <translation>この実行はファイルを変更しませんでした。</translation>
    </message>
    <message>
        <source>
… (the rest is in the patch: Save patch…)</source>
        <translation>
…（残りはパッチにあります: パッチを保存…）</translation>
    </message>
    <message>
        <source>Save patch</source>
        <translation>パッチを保存</translation>
    </message>
    <message>
        <source>Patches (*.patch *.diff)</source>
        <translation>パッチ (*.patch *.diff)</translation>
    </message>
    <message>
        <source>Writing the patch…</source>
        <translation>パッチを書き込んでいます…</translation>
    </message>
    <message>
        <source>Saved the patch to %1 (git apply in the prepared tree applies it).</source>
        <translation>パッチを %1 に保存しました（準備されたツリーで git apply すると適用されます）。</translation>
    </message>
    <message>
        <source>The patch was not saved: %1</source>
        <translation>パッチは保存されませんでした: %1</translation>
    </message>
    <message>
        <source>Export the workspace to</source>
        <translation>ワークスペースのエクスポート先</translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation>エクスポートしています…</translation>
    </message>
    <message>
        <source>Exported the workspace to %1 (every file checked against its digest).</source>
        <translation>ワークスペースを %1 にエクスポートしました（すべてのファイルをダイジェストで確認済み）。</translation>
    </message>
    <message>
        <source>The workspace was not exported: %1</source>
        <translation>ワークスペースはエクスポートされませんでした: %1</translation>
    </message>
    <message>
        <source>The whole workspace as the agent left it, into a folder you choose; what would make git run commands the agent chose is left out</source>
        <translation>エージェントが残したままのワークスペース全体を、選んだフォルダーへ。git にエージェントの選んだコマンドを実行させるものは除外します</translation>
    </message>
    <message>
        <source>left out</source>
        <translation>除外</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>読み取り不可</translation>
    </message>
    <message>
        <source>Export files… writes every file.</source>
        <translation>「ファイルをエクスポート…」ですべてのファイルを書き出せます。</translation>
    </message>
</context>
<context>
    <name>WorkspaceFileAccess</name>
    <message>
        <source>the run&apos;s workspace is not available</source>
        <translation>実行のワークスペースを使用できません</translation>
    </message>
    <message>
        <source>&quot;path&quot; must be an absolute path inside %1; got &quot;%2&quot;</source>
        <translation>&quot;path&quot; は %1 内の絶対パスである必要があります。指定された値: &quot;%2&quot;</translation>
    </message>
    <message>
        <source>%1 is outside the run&apos;s workspace %2; refused</source>
        <translation>%1 は実行のワークスペース %2 の外にあります。拒否しました</translation>
    </message>
    <message>
        <source>%1 is more than %2 directories deep; refused</source>
        <translation>%1 はディレクトリの深さが %2 を超えています。拒否しました</translation>
    </message>
    <message>
        <source>%1 does not exist</source>
        <translation>%1 は存在しません</translation>
    </message>
    <message>
        <source>%1 is a directory</source>
        <translation>%1 はディレクトリです</translation>
    </message>
    <message>
        <source>%1 goes through a file as if it were a directory</source>
        <translation>%1 はファイルをディレクトリとして扱うパスになっています</translation>
    </message>
    <message>
        <source>%1 leads outside the run&apos;s workspace through a symbolic link; refused</source>
        <translation>%1 はシンボリックリンクを経由して実行のワークスペースの外を指しています。拒否しました</translation>
    </message>
    <message>
        <source>%1 goes through a symbolic link that points nowhere; refused</source>
        <translation>%1 はリンク先のないシンボリックリンクを経由しています。拒否しました</translation>
    </message>
    <message>
        <source>%1 goes through more than %2 symbolic links (a loop?); refused</source>
        <translation>%1 は %2 個を超えるシンボリックリンクを経由しています（ループの可能性）。拒否しました</translation>
    </message>
    <message>
        <source>%1 kept changing while the Runner looked it up; try again</source>
        <translation>ランナーが参照している間に %1 が変化し続けました。もう一度お試しください</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 に書き込めません: %2</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 を読み取れません: %2</translation>
    </message>
    <message>
        <source>%1 is not a regular file</source>
        <translation>%1 は通常のファイルではありません</translation>
    </message>
    <message>
        <source>%1 is larger than %2 MiB, the most the Runner reads for an agent</source>
        <translation>%1 は %2 MiB（ランナーがエージェントのために読み取る上限）を超えています</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Checkfu Runner</source>
        <translation>Checkfu Runner</translation>
    </message>
</context>
<context>
    <name>runnercore::AcpDriver</name>
    <message>
        <source>the agent wrote a line of more than %1 MiB (%2 bytes so far) to stdout; the run was stopped before it could exhaust memory</source>
        <translation>エージェントが stdout に %1 MiB を超える行を書き込みました（ここまでで %2 バイト）。メモリを使い果たす前に実行を停止しました</translation>
    </message>
    <message>
        <source>the agent refused initialize: %1 (code %2)</source>
        <translation>エージェントが initialize を拒否しました: %1（コード %2）</translation>
    </message>
    <message>
        <source>no protocol version</source>
        <translation>プロトコルバージョンなし</translation>
    </message>
    <message>
        <source>ACP protocol version %1</source>
        <translation>ACP プロトコルバージョン %1</translation>
    </message>
    <message>
        <source>a protocol version that is not an integer</source>
        <translation>整数ではないプロトコルバージョン</translation>
    </message>
    <message>
        <source>the agent answered initialize with %1; this Runner speaks ACP protocol version %2 only, so it disconnected</source>
        <translation>エージェントが initialize に %1 で応答しました。このランナーは ACP プロトコルバージョン %2 にのみ対応しているため、切断しました</translation>
    </message>
    <message>
        <source>the agent refused session/new: %1 (code %2)</source>
        <translation>エージェントが session/new を拒否しました: %1（コード %2）</translation>
    </message>
    <message>
        <source>the agent answered session/new without a sessionId</source>
        <translation>エージェントが sessionId なしで session/new に応答しました</translation>
    </message>
    <message>
        <source>the agent answered session/prompt with an error: %1 (code %2)</source>
        <translation>エージェントが session/prompt にエラーで応答しました: %1（コード %2）</translation>
    </message>
    <message>
        <source>the agent answered session/prompt without a stopReason</source>
        <translation>エージェントが stopReason なしで session/prompt に応答しました</translation>
    </message>
    <message>
        <source>a prompt directive without a turn_id or content blocks was ignored</source>
        <translation>turn_id またはコンテンツブロックのないプロンプト指示を無視しました</translation>
    </message>
    <message>
        <source>a prompt directive (turn %1) arrived after close and was ignored</source>
        <translation>クローズ後に届いたプロンプト指示（ターン %1）を無視しました</translation>
    </message>
    <message>
        <source>a decision for approval %1, which is not pending, was ignored</source>
        <translation>保留中ではない承認 %1 に対する判断を無視しました</translation>
    </message>
    <message>
        <source>the decision for approval %1 names option &quot;%2&quot;, which was not offered (offered: %3); ignored</source>
        <translation>承認 %1 に対する判断が、提示されていないオプション &quot;%2&quot; を指定しています（提示したもの: %3）。無視しました</translation>
    </message>
    <message>
        <source>a decision for approval %1 has the outcome &quot;%2&quot;; it must be selected or cancelled; ignored</source>
        <translation>承認 %1 に対する判断の結果が &quot;%2&quot; です。selected または cancelled である必要があります。無視しました</translation>
    </message>
    <message>
        <source>unknown sessionId</source>
        <translation>不明な sessionId</translation>
    </message>
    <message>
        <source>the agent asked for permission while %1 requests were already waiting for a decision, the most the Runner keeps per run; the request was answered cancelled</source>
        <translation>判断待ちの要求がすでに %1 件（ランナーが 1 つの実行で保持できる上限）ある状態で、エージェントが許可を求めました。この要求には cancelled で応答しました</translation>
    </message>
    <message>
        <source>the agent keeps asking for permission beyond %1 pending requests; further ones are answered cancelled without a warning</source>
        <translation>保留中の要求が %1 件を超えても、エージェントが許可を求め続けています。以降の要求には警告なしで cancelled で応答します</translation>
    </message>
    <message>
        <source>session/request_permission needs at least one option</source>
        <translation>session/request_permission には少なくとも 1 つのオプションが必要です</translation>
    </message>
    <message>
        <source>the agent asked for permission without offering any option</source>
        <translation>エージェントがオプションを提示せずに許可を求めました</translation>
    </message>
    <message>
        <source>The agent asks for permission</source>
        <translation>エージェントが許可を求めています</translation>
    </message>
    <message>
        <source>&quot;line&quot; and &quot;limit&quot; must be non-negative integers</source>
        <translation>&quot;line&quot; と &quot;limit&quot; は 0 以上の整数である必要があります</translation>
    </message>
    <message>
        <source>&quot;content&quot; must be a string</source>
        <translation>&quot;content&quot; は文字列である必要があります</translation>
    </message>
    <message>
        <source>method not found: %1</source>
        <translation>メソッドが見つかりません: %1</translation>
    </message>
    <message>
        <source>the agent wrote a line that is not a JSON-RPC message to stdout (%1 bytes, %2); it was skipped</source>
        <translation>エージェントが JSON-RPC メッセージではない行を stdout に書き込みました（%1 バイト、%2）。スキップしました</translation>
    </message>
    <message>
        <source>the agent keeps writing lines that are not JSON-RPC messages; further ones are skipped without a warning</source>
        <translation>エージェントが JSON-RPC メッセージではない行を書き込み続けています。以降は警告なしでスキップします</translation>
    </message>
    <message>
        <source>the agent exited</source>
        <translation>エージェントが終了しました</translation>
    </message>
</context>
<context>
    <name>runnercore::DockerProcess</name>
    <message>
        <source>cannot run docker: %1</source>
        <translation>docker を実行できません: %1</translation>
    </message>
    <message>
        <source>docker create failed: %1</source>
        <translation>docker create に失敗しました: %1</translation>
    </message>
</context>
<context>
    <name>runnercore::DockerProvider</name>
    <message>
        <source>not checked yet</source>
        <translation>まだ確認していません</translation>
    </message>
    <message>
        <source>the Docker daemon gave no version</source>
        <translation>Docker デーモンがバージョンを返しませんでした</translation>
    </message>
    <message>
        <source>no Docker daemon answers: %1</source>
        <translation>応答する Docker デーモンがありません: %1</translation>
    </message>
    <message>
        <source>the workspace of run %1 was not prepared</source>
        <translation>実行 %1 のワークスペースが準備されていません</translation>
    </message>
    <message>
        <source>the run has no image or no argv</source>
        <translation>実行にイメージまたは argv がありません</translation>
    </message>
    <message>
        <source>the mount target %1 cannot be used with docker (it must be absolute, without &apos;:&apos; or &apos;,&apos;)</source>
        <translation>マウント先 %1 は docker では使用できません（&apos;:&apos; や &apos;,&apos; を含まない絶対パスである必要があります）</translation>
    </message>
    <message>
        <source>the environment variable %1 contains a line break, which docker cannot pass</source>
        <translation>環境変数 %1 に改行が含まれています。docker は改行を渡せません</translation>
    </message>
    <message>
        <source>cannot write the container&apos;s environment file in %1</source>
        <translation>%1 にコンテナーの環境変数ファイルを書き込めません</translation>
    </message>
    <message>
        <source>the mount target %1 cannot be used with docker (no &apos;:&apos; or &apos;,&apos;)</source>
        <translation>マウントターゲット %1 は docker では使用できません（&apos;:&apos; や &apos;,&apos; は使えません）</translation>
    </message>
</context>
<context>
    <name>runnercore::Doctor</name>
    <message>
        <source>no endpoint configured</source>
        <translation>エンドポイントが設定されていません</translation>
    </message>
    <message>
        <source>pass --endpoint URL or set %1</source>
        <translation>--endpoint URL を指定するか、%1 を設定してください</translation>
    </message>
    <message>
        <source>%1 does not answer: %2</source>
        <translation>%1 が応答しません: %2</translation>
    </message>
    <message>
        <source>check the URL, your network, and that the control plane is running</source>
        <translation>URL とネットワークを確認し、コントロールプレーンが動作していることを確かめてください</translation>
    </message>
    <message>
        <source>%1 serves protocol %2</source>
        <translation>%1 はプロトコル %2 を提供しています</translation>
    </message>
    <message>
        <source>%1 does not serve protocol %2 (it serves %3)</source>
        <translation>%1 はプロトコル %2 を提供していません（提供しているのは %3）</translation>
    </message>
    <message>
        <source>update checkfu-runner or the control plane</source>
        <translation>checkfu-runner またはコントロールプレーンを更新してください</translation>
    </message>
    <message>
        <source>the server sent no Date header; skew unknown</source>
        <translation>サーバーが Date ヘッダーを送信しなかったため、時刻のずれは不明です</translation>
    </message>
    <message>
        <source>this clock is %1 s off the server&apos;s</source>
        <translation>この時計はサーバーと %1 秒ずれています</translation>
    </message>
    <message>
        <source>enable network time synchronisation</source>
        <translation>ネットワーク時刻同期を有効にしてください</translation>
    </message>
    <message>
        <source>within 60 s of the server (%1 s)</source>
        <translation>サーバーとのずれは 60 秒以内です（%1 秒）</translation>
    </message>
    <message>
        <source>Workspace Runner key from %1</source>
        <translation>%1 のワークスペースランナーキー</translation>
    </message>
    <message>
        <source>this machine is not paired</source>
        <translation>このマシンはペアリングされていません</translation>
    </message>
    <message>
        <source>get a pairing code and run checkfu-runner start --code CFU-…</source>
        <translation>ペアリングコードを入手して次を実行してください: checkfu-runner start --code CFU-…</translation>
    </message>
    <message>
        <source>no credential</source>
        <translation>認証情報なし</translation>
    </message>
    <message>
        <source>runner %1: not readable from the %2</source>
        <translation>ランナー %1: %2 から読み取れません</translation>
    </message>
    <message>
        <source>runner %1, stored in the %2</source>
        <translation>ランナー %1、%2 に保存済み</translation>
    </message>
    <message>
        <source>needs the exchange</source>
        <translation>トークン交換が必要です</translation>
    </message>
    <message>
        <source>a running Runner (pid %1) holds this credential; not exchanging, so it is not fenced as a clone</source>
        <translation>実行中のランナー（pid %1）がこの認証情報を使用しています。クローンとして遮断されないよう、トークン交換は行いません</translation>
    </message>
    <message>
        <source>its state is in its log and the tray; stop it to run this check</source>
        <translation>その状態はログとトレイで確認できます。このチェックを実行するには、そのランナーを停止してください</translation>
    </message>
    <message>
        <source>no answer within 10 s</source>
        <translation>10 秒以内に応答がありません</translation>
    </message>
    <message>
        <source>check the control plane</source>
        <translation>コントロールプレーンを確認してください</translation>
    </message>
    <message>
        <source>workload identity for runner %1, generation %2</source>
        <translation>ランナー %1 のワークロード ID（世代 %2）</translation>
    </message>
    <message numerus="yes">
        <source>%n live presence(s) visible</source>
        <translation>
            <numerusform>有効なプレゼンスが %n 件見えます</numerusform>
        </translation>
    </message>
    <message>
        <source>cannot list presences: %1</source>
        <translation>プレゼンスを一覧表示できません: %1</translation>
    </message>
    <message>
        <source>checkfu-run-reaper is missing: every run would fail to launch</source>
        <translation>checkfu-run-reaper が見つかりません。すべての実行の起動に失敗します</translation>
    </message>
    <message>
        <source>Reinstall the Runner: checkfu-run-reaper belongs next to %1.</source>
        <translation>ランナーを再インストールしてください。checkfu-run-reaper は %1 と同じ場所に必要です。</translation>
    </message>
    <message>
        <source>enabled: runs use this machine&apos;s own network, with no container isolation</source>
        <translation>有効: 実行はコンテナーによる分離なしで、このマシンのネットワークを使用します</translation>
    </message>
    <message>
        <source>disabled by --sandbox or %1</source>
        <translation>--sandbox または %1 により無効</translation>
    </message>
    <message>
        <source>none: a bubblewrap run sees only the system directories and its own directory, so a harness installed under the home directory is refused</source>
        <translation>なし: bubblewrap の実行から見えるのはシステムのディレクトリと実行自身のディレクトリだけなので、ホームディレクトリ以下にインストールしたハーネスは拒否されます</translation>
    </message>
    <message>
        <source>allow its directory with --bubblewrap-read-only, %1 or the tray&apos;s Settings</source>
        <translation>--bubblewrap-read-only、%1、またはトレイの「設定」でそのディレクトリを許可してください</translation>
    </message>
    <message>
        <source>%1 (from %2), read-only inside the sandbox; any other path outside the system directories is hidden</source>
        <translation>%1（%2 から）、サンドボックス内では読み取り専用。システムのディレクトリ以外のほかのパスは見えません</translation>
    </message>
    <message>
        <source>complete: profile %1, model %2</source>
        <translation>設定済み: プロファイル %1、モデル %2</translation>
    </message>
    <message>
        <source>not configured (no Cursor variables, and no Cursor tuple in the settings file with its key stored)</source>
        <translation>未設定（Cursor 変数がなく、キーが保存された Cursor の設定も設定ファイルにありません）</translation>
    </message>
    <message>
        <source>%1 at once</source>
        <translation>同時に %1</translation>
    </message>
    <message>
        <source>%1 ms for runs that set none</source>
        <translation>指定のない実行には %1 ミリ秒</translation>
    </message>
    <message>
        <source>not set: only runs that set one have one</source>
        <translation>未設定: 自身で指定した実行にのみ適用されます</translation>
    </message>
    <message>
        <source>hint: %1</source>
        <translation>ヒント: %1</translation>
    </message>
    <message>
        <source>presence %1 gen %2 %3 %4
</source>
        <translation>プレゼンス %1 世代 %2 %3 %4
</translation>
    </message>
    <message>
        <source>endpoint</source>
        <translation>エンドポイント</translation>
    </message>
    <message>
        <source>clock</source>
        <translation>時計</translation>
    </message>
    <message>
        <source>credential</source>
        <translation>認証情報</translation>
    </message>
    <message>
        <source>exchange</source>
        <translation>トークン交換</translation>
    </message>
    <message>
        <source>presences</source>
        <translation>プレゼンス</translation>
    </message>
    <message>
        <source>sandbox posture</source>
        <translation>サンドボックスの状態</translation>
    </message>
    <message>
        <source>sandbox host-process</source>
        <translation>サンドボックス host-process</translation>
    </message>
    <message>
        <source>sandbox bubblewrap</source>
        <translation>サンドボックス bubblewrap</translation>
    </message>
    <message>
        <source>bubblewrap read-only paths</source>
        <translation>bubblewrap の読み取り専用パス</translation>
    </message>
    <message>
        <source>sandbox docker</source>
        <translation>サンドボックス docker</translation>
    </message>
    <message>
        <source>cursor lane</source>
        <translation>Cursor レーン</translation>
    </message>
    <message>
        <source>slots</source>
        <translation>スロット</translation>
    </message>
    <message>
        <source>idle timeout</source>
        <translation>アイドルタイムアウト</translation>
    </message>
    <message>
        <source>configuration</source>
        <translation>構成</translation>
    </message>
    <message>
        <source>not installed: runs with a git mount are refused</source>
        <translation>インストールされていません。git マウントのある実行は拒否されます</translation>
    </message>
    <message>
        <source>Install it: sudo apt install git</source>
        <translation>インストールしてください: sudo apt install git</translation>
    </message>
    <message>
        <source>%1 (%2)%3</source>
        <translation>%1（%2）%3</translation>
    </message>
    <message>
        <source>does not answer --version</source>
        <translation>--version に応答しません</translation>
    </message>
    <message>
        <source>; git-lfs installed</source>
        <translation>、git-lfs はインストール済み</translation>
    </message>
    <message>
        <source>; no git-lfs: lfs mounts are refused</source>
        <translation>、git-lfs がないため lfs マウントは拒否されます</translation>
    </message>
    <message numerus="yes">
        <source>%n mirror(s), %1 MiB in %2 (at most %3 MiB; checkfu-runner cache clear empties it)</source>
        <translation>
            <numerusform>ミラー %n 個、%2 に %1 MiB（上限 %3 MiB。checkfu-runner cache clear で空にできます）</numerusform>
        </translation>
    </message>
    <message>
        <source>git</source>
        <translation>git</translation>
    </message>
    <message>
        <source>git cache</source>
        <translation>git キャッシュ</translation>
    </message>
    <message numerus="yes">
        <source>off (--git-cache-mib 0): every git mount is fetched from its server; %n mirror(s) left in %1 (checkfu-runner cache clear empties it)</source>
        <translation>
            <numerusform>オフ (--git-cache-mib 0): git マウントは毎回サーバーから取得します。%1 にミラーが %n 個残っています（checkfu-runner cache clear で空にできます）</numerusform>
        </translation>
    </message>
    <message>
        <source>checkfu-mcp-bridge is missing: runs that use the platform&apos;s tools (plane_mcp) are refused</source>
        <translation>checkfu-mcp-bridge がありません。プラットフォームのツール（plane_mcp）を使う実行は拒否されます</translation>
    </message>
    <message>
        <source>Reinstall the Runner: checkfu-mcp-bridge belongs next to %1.</source>
        <translation>ランナーを再インストールしてください。checkfu-mcp-bridge は %1 と同じ場所に必要です。</translation>
    </message>
    <message>
        <source>%1: relays %2</source>
        <translation>%1: %2 を中継します</translation>
    </message>
</context>
<context>
    <name>runnercore::FileCredentialStore</name>
    <message>
        <source>No directory was configured for the file credential store.</source>
        <translation>ファイル認証情報ストアのディレクトリが設定されていません。</translation>
    </message>
    <message>
        <source>Cannot create the directory %1 for the file credential store: check that you may write there.</source>
        <translation>ファイル認証情報ストア用のディレクトリ %1 を作成できません。その場所への書き込み権限があるか確認してください。</translation>
    </message>
    <message>
        <source>Cannot create the credential directory %1: %2.</source>
        <translation>認証情報ディレクトリ %1 を作成できません: %2。</translation>
    </message>
    <message>
        <source>The credential directory %1 is a symbolic link; the Runner only uses a real directory. Remove the link (rm %1) and store the credential again.</source>
        <translation>認証情報ディレクトリ %1 はシンボリックリンクです。ランナーは実際のディレクトリしか使用しません。リンクを削除（rm %1）して、認証情報をもう一度保存してください。</translation>
    </message>
    <message>
        <source>The credential directory %1 is not a directory. Move it away and store the credential again.</source>
        <translation>認証情報ディレクトリ %1 はディレクトリではありません。別の場所に移動して、認証情報をもう一度保存してください。</translation>
    </message>
    <message>
        <source>Cannot open the credential directory %1: %2.</source>
        <translation>認証情報ディレクトリ %1 を開けません: %2。</translation>
    </message>
    <message>
        <source>Cannot inspect the credential directory %1: %2.</source>
        <translation>認証情報ディレクトリ %1 を調べられません: %2。</translation>
    </message>
    <message>
        <source>The credential directory %1 is owned by uid %2, not by you (uid %3), so it cannot be trusted. Remove it, or fix it with: chown %3 %1 &amp;&amp; chmod 700 %1</source>
        <translation>認証情報ディレクトリ %1 の所有者はあなた（uid %3）ではなく uid %2 のため、信頼できません。削除するか、次のコマンドで修正してください: chown %3 %1 &amp;&amp; chmod 700 %1</translation>
    </message>
    <message>
        <source>The credential directory %1 has mode %2, so other users can reach it; it must be 0700. Fix it with: chmod 700 %1</source>
        <translation>認証情報ディレクトリ %1 のモードは %2 のため、ほかのユーザーがアクセスできます。0700 である必要があります。次のコマンドで修正してください: chmod 700 %1</translation>
    </message>
    <message>
        <source>No credential is stored for this Runner in %1: pair it again.</source>
        <translation>%1 にこのランナーの認証情報が保存されていません。もう一度ペアリングしてください。</translation>
    </message>
    <message>
        <source>The credential file %1 is a symbolic link; the Runner never follows links to a secret. Remove it (rm %1) and pair again.</source>
        <translation>認証情報ファイル %1 はシンボリックリンクです。ランナーは秘密情報へのリンクをたどりません。削除（rm %1）して、もう一度ペアリングしてください。</translation>
    </message>
    <message>
        <source>Cannot open the credential file %1: %2.</source>
        <translation>認証情報ファイル %1 を開けません: %2。</translation>
    </message>
    <message>
        <source>Cannot inspect the credential file %1: %2.</source>
        <translation>認証情報ファイル %1 を調べられません: %2。</translation>
    </message>
    <message>
        <source>The credential file %1 is not a regular file. Remove it (rm %1) and pair again.</source>
        <translation>認証情報ファイル %1 は通常のファイルではありません。削除（rm %1）して、もう一度ペアリングしてください。</translation>
    </message>
    <message>
        <source>The credential file %1 is owned by uid %2, not by you (uid %3), so it cannot be trusted. Remove it (rm %1) and pair again.</source>
        <translation>認証情報ファイル %1 の所有者はあなた（uid %3）ではなく uid %2 のため、信頼できません。削除（rm %1）して、もう一度ペアリングしてください。</translation>
    </message>
    <message>
        <source>The credential file %1 has mode %2; it must be 0600 (readable only by you). If you did not change it on purpose, treat the credential as exposed: remove the file and pair again. Otherwise fix it with: chmod 600 %1</source>
        <translation>認証情報ファイル %1 のモードは %2 です。0600（あなただけが読み取り可能）である必要があります。意図して変更したのでなければ、認証情報が漏えいしたものとして扱い、ファイルを削除してもう一度ペアリングしてください。そうでなければ、次のコマンドで修正してください: chmod 600 %1</translation>
    </message>
    <message>
        <source>The credential file %1 is too large to be a credential. Remove it (rm %1) and pair again.</source>
        <translation>認証情報ファイル %1 は認証情報としては大きすぎます。削除（rm %1）して、もう一度ペアリングしてください。</translation>
    </message>
    <message>
        <source>Cannot read the credential file %1: %2.</source>
        <translation>認証情報ファイル %1 を読み取れません: %2。</translation>
    </message>
    <message>
        <source>The credential file %1 is damaged or from an unknown version. Remove it (rm %1) and pair again.</source>
        <translation>認証情報ファイル %1 は破損しているか、不明なバージョンのものです。削除（rm %1）して、もう一度ペアリングしてください。</translation>
    </message>
    <message>
        <source>Cannot create a file in the credential directory %1: %2.</source>
        <translation>認証情報ディレクトリ %1 にファイルを作成できません: %2。</translation>
    </message>
    <message>
        <source>Cannot write the credential file in %1: %2.</source>
        <translation>%1 に認証情報ファイルを書き込めません: %2。</translation>
    </message>
    <message>
        <source>Cannot put the credential file %1 in place: %2.</source>
        <translation>認証情報ファイル %1 を配置できません: %2。</translation>
    </message>
    <message>
        <source>Cannot remove the credential file %1: %2.</source>
        <translation>認証情報ファイル %1 を削除できません: %2。</translation>
    </message>
</context>
<context>
    <name>runnercore::HarnessDriver</name>
    <message>
        <source>the directive &quot;%1&quot; does not apply to a %2 run; ignored</source>
        <translation>指示 &quot;%1&quot; は %2 の実行には適用されません。無視しました</translation>
    </message>
</context>
<context>
    <name>runnercore::HttpExchange</name>
    <message>
        <source>refusing to send the %1 header: its value holds a line break, NUL or another control character</source>
        <translation>%1 ヘッダーの送信を拒否しました: 値に改行、NUL などの制御文字が含まれています</translation>
    </message>
    <message>
        <source>refusing to send a request whose method or target holds a space or control character</source>
        <translation>メソッドまたはターゲットに空白や制御文字を含む要求の送信を拒否しました</translation>
    </message>
    <message>
        <source>aborted</source>
        <translation>中止されました</translation>
    </message>
    <message>
        <source>no answer within %1 s</source>
        <translation>%1 秒以内に応答がありません</translation>
    </message>
    <message>
        <source>the response did not complete within %1 s</source>
        <translation>応答が %1 秒以内に完了しませんでした</translation>
    </message>
    <message>
        <source>TLS: %1</source>
        <translation>TLS: %1</translation>
    </message>
    <message>
        <source>the connection closed in the middle of the response</source>
        <translation>応答の途中で接続が切断されました</translation>
    </message>
    <message>
        <source>the server closed the connection without answering</source>
        <translation>サーバーが応答せずに接続を閉じました</translation>
    </message>
</context>
<context>
    <name>runnercore::JsonRpcConnection</name>
    <message>
        <source>not JSON (%1)</source>
        <translation>JSON ではありません（%1）</translation>
    </message>
    <message>
        <source>a JSON array (batches are not part of ACP)</source>
        <translation>JSON 配列（バッチは ACP の仕様に含まれません）</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>JSON オブジェクトではありません</translation>
    </message>
    <message>
        <source>&quot;method&quot; is not a string</source>
        <translation>&quot;method&quot; が文字列ではありません</translation>
    </message>
    <message>
        <source>&quot;method&quot; must be a non-empty string</source>
        <translation>&quot;method&quot; は空でない文字列である必要があります</translation>
    </message>
    <message>
        <source>&quot;params&quot; must be an object</source>
        <translation>&quot;params&quot; はオブジェクトである必要があります</translation>
    </message>
    <message>
        <source>a response to no request of ours</source>
        <translation>こちらから送っていない要求への応答</translation>
    </message>
    <message>
        <source>an error without a message</source>
        <translation>メッセージのないエラー</translation>
    </message>
</context>
<context>
    <name>runnercore::KeychainCredentialStore</name>
    <message>
        <source>No credential is stored for this Runner in the system keychain (Secret Service): pair it again.</source>
        <translation>システムのキーチェーン（Secret Service）にこのランナーの認証情報が保存されていません。もう一度ペアリングしてください。</translation>
    </message>
    <message>
        <source>no session D-Bus, DBUS_SESSION_BUS_ADDRESS is not set</source>
        <translation>セッション D-Bus がありません。DBUS_SESSION_BUS_ADDRESS が設定されていません</translation>
    </message>
    <message>
        <source>cannot connect to the session D-Bus at %1: %2</source>
        <translation>%1 のセッション D-Bus に接続できません: %2</translation>
    </message>
    <message>
        <source>nothing provides %1 on the session D-Bus</source>
        <translation>セッション D-Bus 上で %1 を提供するものがありません</translation>
    </message>
    <message>
        <source>%1 could not be started on the session D-Bus</source>
        <translation>セッション D-Bus 上で %1 を起動できませんでした</translation>
    </message>
    <message>
        <source>the keyring has no default collection yet (no login keyring)</source>
        <translation>キーリングに既定のコレクションがまだありません（ログインキーリングがありません）</translation>
    </message>
    <message>
        <source>No system keychain answered (Secret Service: %1): unlock or start your keyring (e.g. gnome-keyring or KWallet), or opt in to the file store with --credential-store file.</source>
        <translation>システムのキーチェーンが応答しません（Secret Service: %1）。キーリング（gnome-keyring や KWallet など）のロックを解除するか起動してください。または --credential-store file でファイルストアを選択してください。</translation>
    </message>
    <message>
        <source>The system keychain (Secret Service) refused access: the keyring holding the Runner&apos;s credential is locked. Unlock it (e.g. in Seahorse, or by logging in to your desktop session) and try again.</source>
        <translation>システムのキーチェーン（Secret Service）がアクセスを拒否しました。ランナーの認証情報を保持するキーリングがロックされています。ロックを解除して（Seahorse を使うか、デスクトップセッションにログインするなど）、もう一度お試しください。</translation>
    </message>
    <message>
        <source>The system keychain (Secret Service) refused access (%1): unlock your keyring, or allow Checkfu Runner when it asks, and try again.</source>
        <translation>システムのキーチェーン（Secret Service）がアクセスを拒否しました（%1）。キーリングのロックを解除するか、確認を求められたら Checkfu Runner を許可して、もう一度お試しください。</translation>
    </message>
    <message>
        <source>The system keychain (Secret Service) could not read the Runner&apos;s credential (%1). Check your keyring (e.g. with Seahorse or secret-tool) and try again.</source>
        <translation>システムのキーチェーン（Secret Service）がランナーの認証情報を読み取れませんでした（%1）。キーリングを確認して（Seahorse や secret-tool などで）、もう一度お試しください。</translation>
    </message>
    <message>
        <source>The system keychain (Secret Service) could not store the Runner&apos;s credential (%1). Check your keyring (e.g. with Seahorse or secret-tool), or opt in to the file store with --credential-store file.</source>
        <translation>システムのキーチェーン（Secret Service）がランナーの認証情報を保存できませんでした（%1）。キーリングを確認するか（Seahorse や secret-tool などで）、--credential-store file でファイルストアを選択してください。</translation>
    </message>
    <message>
        <source>The system keychain (Secret Service) could not remove the Runner&apos;s credential (%1). Remove the entry for service &quot;%2&quot; by hand (e.g. in Seahorse) if it is still there.</source>
        <translation>システムのキーチェーン（Secret Service）がランナーの認証情報を削除できませんでした（%1）。サービス &quot;%2&quot; のエントリーが残っている場合は、手動で削除してください（Seahorse などで）。</translation>
    </message>
</context>
<context>
    <name>runnercore::McpRelay</name>
    <message>
        <source>further connections to this run&apos;s MCP relay are refused without a warning</source>
        <translation>この実行の MCP リレーへのこれ以降の接続は警告なしで拒否されます</translation>
    </message>
    <message>
        <source>the harness&apos;s MCP client keeps sending messages the relay refuses; further ones are refused without a warning</source>
        <translation>ハーネスの MCP クライアントがリレーの拒否するメッセージを送り続けています。これ以降は警告なしで拒否されます</translation>
    </message>
    <message>
        <source>a process outside this run&apos;s sandbox (or one too many) tried to use its MCP relay; it was refused</source>
        <translation>この実行のサンドボックス外のプロセス（または上限を超えた接続）が MCP 中継を使おうとしたため、拒否しました</translation>
    </message>
    <message>
        <source>a line of more than 4 MiB came from the harness&apos;s MCP client; its connection was closed</source>
        <translation>ハーネスの MCP クライアントから 4 MiB を超える行が届いたため、その接続を閉じました</translation>
    </message>
    <message>
        <source>a connection to the MCP relay did not name one of the run&apos;s plane_mcp entries; it was closed</source>
        <translation>MCP 中継への接続が実行の plane_mcp エントリを指定しなかったため、閉じました</translation>
    </message>
    <message>
        <source>a message from the harness&apos;s MCP client was not relayed: %1</source>
        <translation>ハーネスの MCP クライアントからのメッセージを中継しませんでした: %1</translation>
    </message>
</context>
<context>
    <name>runnercore::OneshotDriver</name>
    <message>
        <source>the harness wrote invalid UTF-8 to %1; it was replaced with U+FFFD</source>
        <translation>ハーネスが %1 に無効な UTF-8 を書き込みました。U+FFFD に置き換えました</translation>
    </message>
</context>
<context>
    <name>runnercore::Runner</name>
    <message>
        <source>No control plane endpoint: pass --endpoint URL or set %1.</source>
        <translation>コントロールプレーンのエンドポイントがありません。--endpoint URL を指定するか、%1 を設定してください。</translation>
    </message>
    <message>
        <source>This computer&apos;s clock is %1 s %2 the control plane&apos;s. Token times are corrected for it, but set the clock right (enable network time).</source>
        <translation>このコンピューターの時計はコントロールプレーンより %1 秒%2います。トークンの時刻はこれに合わせて補正されますが、時計を正しく合わせてください（ネットワーク時刻を有効にしてください）。</translation>
    </message>
    <message>
        <source>behind</source>
        <translation>遅れて</translation>
    </message>
    <message>
        <source>ahead of</source>
        <translation>進んで</translation>
    </message>
    <message>
        <source>No sandbox provider is enabled (see --sandbox and %1): this Runner stays connected but takes no work.</source>
        <translation>有効なサンドボックスプロバイダーがありません（--sandbox と %1 を参照）。このランナーは接続を維持しますが、作業は受け付けません。</translation>
    </message>
    <message>
        <source>The pairing code was not used: %1</source>
        <translation>ペアリングコードは使用されませんでした: %1</translation>
    </message>
    <message>
        <source>Redeeming pairing code %1</source>
        <translation>ペアリングコード %1 を使用しています</translation>
    </message>
    <message>
        <source>Cannot reach the control plane (%1). Retrying in %2 s.</source>
        <translation>コントロールプレーンに接続できません（%1）。%2 秒後に再試行します。</translation>
    </message>
    <message>
        <source>Paired, but the credential could not be stored (%1). This session works; after a restart you will need a new pairing code.</source>
        <translation>ペアリングしましたが、認証情報を保存できませんでした（%1）。現在のセッションは動作しますが、再起動後は新しいペアリングコードが必要です。</translation>
    </message>
    <message>
        <source>This machine is not paired yet. Ask your administrator for a pairing code, then run checkfu-runner start --endpoint URL --code CFU-XXXX-XXXX-XXXX.</source>
        <translation>このマシンはまだペアリングされていません。管理者にペアリングコードを依頼してから、checkfu-runner start --endpoint URL --code CFU-XXXX-XXXX-XXXX を実行してください。</translation>
    </message>
    <message>
        <source>This machine is paired with %1, not %2. Leave out --endpoint to use the pairing, or pair with a code for %2 (it replaces the current pairing).</source>
        <translation>このマシンは %2 ではなく %1 とペアリングされています。そのペアリングを使う場合は --endpoint を省略するか、%2 用のコードでペアリングしてください（現在のペアリングは置き換えられます）。</translation>
    </message>
    <message>
        <source>This machine&apos;s credential (runner %1) is not in the %2. Pair again with a new code.</source>
        <translation>このマシンの認証情報（ランナー %1）が %2 にありません。新しいコードでもう一度ペアリングしてください。</translation>
    </message>
    <message>
        <source>Connecting to %1</source>
        <translation>%1 に接続しています</translation>
    </message>
    <message>
        <source>Connected; taking no new work</source>
        <translation>接続済み。新しい作業は受け付けていません</translation>
    </message>
    <message>
        <source>Connected to %1</source>
        <translation>%1 に接続しました</translation>
    </message>
    <message>
        <source>The Workspace key in %1 is dead; ask for a new one.</source>
        <translation>%1 のワークスペースキーは無効になっています。新しいキーを依頼してください。</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>停止しました</translation>
    </message>
    <message>
        <source>Stopping: signing off</source>
        <translation>停止処理中: サインオフしています</translation>
    </message>
    <message numerus="yes">
        <source>Stopping: finishing %n owned run(s), then signing off</source>
        <translation>
            <numerusform>停止処理中: 担当している %n 件の実行を終えてからサインオフします</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped and signed off</source>
        <translation>停止してサインオフしました</translation>
    </message>
    <message>
        <source>on battery (%1 %)</source>
        <translation>バッテリー駆動中（%1 %）</translation>
    </message>
    <message>
        <source>on battery</source>
        <translation>バッテリー駆動中</translation>
    </message>
    <message>
        <source>on a metered network</source>
        <translation>従量制ネットワーク上</translation>
    </message>
    <message>
        <source>Paused: %1</source>
        <translation>一時停止中: %1</translation>
    </message>
    <message>
        <source> and </source>
        <translation>、</translation>
    </message>
</context>
<context>
    <name>runnercore::SandboxSet</name>
    <message>
        <source>bwrap is not installed (apt install bubblewrap)</source>
        <translation>bwrap がインストールされていません（apt install bubblewrap）</translation>
    </message>
    <message>
        <source>bwrap did not answer within %1 s</source>
        <translation>bwrap が %1 秒以内に応答しませんでした</translation>
    </message>
    <message>
        <source>bwrap cannot create namespaces here: %1</source>
        <translation>ここでは bwrap が名前空間を作成できません: %1</translation>
    </message>
    <message>
        <source>cannot run bwrap: %1</source>
        <translation>bwrap を実行できません: %1</translation>
    </message>
    <message>
        <source>--sandbox bubblewrap: %1</source>
        <translation>--sandbox bubblewrap: %1</translation>
    </message>
    <message>
        <source>--sandbox docker: %1</source>
        <translation>--sandbox docker: %1</translation>
    </message>
    <message>
        <source>bubblewrap (host process in its own namespaces, read-only system, network none or unrestricted)</source>
        <translation>bubblewrap（専用の名前空間内のホストプロセス、読み取り専用のシステム、ネットワークはなしまたは無制限）</translation>
    </message>
    <message>
        <source>bubblewrap unavailable: %1</source>
        <translation>bubblewrap は使用できません: %1</translation>
    </message>
    <message>
        <source>docker %1 (containers, network %2)</source>
        <translation>docker %1（コンテナー、ネットワーク: %2）</translation>
    </message>
    <message>
        <source>none or unrestricted</source>
        <translation>なしまたは無制限</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>docker off: %1</source>
        <translation>docker オフ: %1</translation>
    </message>
    <message>
        <source>host-process (no isolation, the machine&apos;s own network)</source>
        <translation>host-process（分離なし、このマシンのネットワークを使用）</translation>
    </message>
    <message>
        <source>no sandbox provider enabled</source>
        <translation>有効なサンドボックスプロバイダーがありません</translation>
    </message>
</context>
<context>
    <name>runnercore::Unpairing</name>
    <message>
        <source>This machine is not paired; nothing to forget.</source>
        <translation>このマシンはペアリングされていないため、破棄するものはありません。</translation>
    </message>
    <message>
        <source>Could not remove the credential: %1</source>
        <translation>認証情報を削除できませんでした: %1</translation>
    </message>
    <message>
        <source>The credential was removed, but %1.</source>
        <translation>認証情報は削除されましたが、%1。</translation>
    </message>
    <message>
        <source>Forgot runner %1 (credential removed from the %2). An administrator can revoke it on the server side.</source>
        <translation>ランナー %1 の情報を破棄しました（認証情報を %2 から削除しました）。サーバー側では管理者が取り消すことができます。</translation>
    </message>
    <message>
        <source>The credential was removed, but not the Cursor API key: %1</source>
        <translation>認証情報は削除しましたが、Cursor API キーは削除できませんでした: %1</translation>
    </message>
</context>
</TS>
