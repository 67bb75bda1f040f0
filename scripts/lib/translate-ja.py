#!/usr/bin/env python3
"""Fills the Japanese translations into translations/checkfu_ja.ts.

Run it after `lupdate` (cmake --build build --target update_translations):

    python3 scripts/lib/translate-ja.py [translations/checkfu_ja.ts] [--check]
    python3 scripts/lib/translate-ja.py --lint      # checks the whole table, used or not
    python3 scripts/lib/translate-ja.py FILE --check --dry-run   # the test: writes nothing, fails
                                   # on an unknown text, a problem, or a file the table would change

Every message whose English source is in JAPANESE below gets its translation (in every context: a
text means the same wherever it is); the others are left unfinished and listed on stderr, so a
new string shows up instead of silently staying English. --check exits 1 when any is left.
The file is edited in place, keeping lupdate's own layout, so a later lupdate run changes nothing.
Each translation is checked against its source: the same %1..%9 and %n, the same accelerator
letter written the Japanese way "(&X)", the same HTML tags, line breaks and "…".

Terms (see translations/README.md, "Japanese glossary"): pairing ペアリング, pairing code
ペアリングコード, Runner ランナー (the product name "Checkfu Runner" stays Latin), run 実行,
Session セッション, approval 承認, drain 受付停止, sandbox サンドボックス, tier レベル, control
plane コントロールプレーン, revoke 取り消す, credential 認証情報, keychain キーチェーン, keyring
キーリング, machine マシン, endpoint エンドポイント, slots スロット, sign off サインオフ.
Sentences are polite (です/ます); labels, menu items and buttons are short nouns or verbs.
"""
import html
import re
import sys

# --- The tray: wizard, menu, status, settings, diagnostics, notifications ---
J = {}
J.update({
    # A Runner on a laptop (issue 25): sleep, battery and metered networks
    'Paused: %1':
        '一時停止中: %1',
    'on battery (%1 %)':
        'バッテリー駆動中（%1 %）',
    'on battery':
        'バッテリー駆動中',
    'on a metered network':
        '従量制ネットワーク上',
    ' and ':
        '、',
    '--keep-awake is %1; use always, ac (only on AC power) or never.':
        '--keep-awake が %1 です。always、ac（AC 電源のときのみ）、never のいずれかを指定してください。',
    '--drain-below-battery is %1; use a whole percentage from 0 (never) to 100.':
        '--drain-below-battery が %1 です。0（しない）から 100 までの整数のパーセントを指定してください。',
    '--drain-on-metered is %1; use true or false.':
        '--drain-on-metered が %1 です。true または false を指定してください。',
    'keep awake while runs are active: %1':
        '実行中はスリープしない: %1',
    'drain on battery: %1':
        'バッテリー駆動時の受付停止: %1',
    'below %1 %':
        '%1 % 未満',
    'drain on a metered network: %1':
        '従量制ネットワークでの受付停止: %1',
    'While runs are active, keep the machine from sleeping: always, ac (only on AC power) or never. Default: the stored setting, else ac.':
        '実行中にマシンをスリープさせない設定: always、ac（AC 電源のときのみ）、never。既定値: 保存された設定、なければ ac。',
    'Take no new work while on battery below this percentage; 0 never. Default: the stored setting, else 0.':
        'バッテリー残量がこのパーセント未満のバッテリー駆動中は新しい作業を受け付けません。0 では停止しません。既定値: 保存された設定、なければ 0。',
    'Take no new work while the network connection is metered: true or false. Default: the stored setting, else false.':
        'ネットワーク接続が従量制の間は新しい作業を受け付けません: true または false。既定値: 保存された設定、なければ false。',
    'While runs are active, keep the machine from sleeping: always, ac (only on AC power) or never. Default: ac.':
        '実行中にマシンをスリープさせない設定: always、ac（AC 電源のときのみ）、never。既定値: ac。',
    'Take no new work while on battery below this percentage; 0 never. Default: 0.':
        'バッテリー残量がこのパーセント未満のバッテリー駆動中は新しい作業を受け付けません。0 では停止しません。既定値: 0。',
    'Take no new work while the network connection is metered: true or false. Default: false.':
        'ネットワーク接続が従量制の間は新しい作業を受け付けません: true または false。既定値: false。',
    '%1 — %2 left':
        '%1 — 残り %2',
    'The computer slept for %1.':
        'コンピューターは %1 スリープしていました。',
    'The computer slept for %1; %n run(s) lost.':
        'コンピューターは %1 スリープしていました。%n 件の実行が失われました。',
    'Takes work again by itself once the computer is plugged in and on a network that is not metered.':
        'コンピューターが電源に接続され、従量制でないネットワークに接続されると、自動的に作業の受付を再開します。',
    'Takes work again by itself once the computer is plugged in.':
        'コンピューターが電源に接続されると、自動的に作業の受付を再開します。',
    'Takes work again by itself on a network that is not metered.':
        '従量制でないネットワークでは、自動的に作業の受付を再開します。',
    'Battery and network':
        'バッテリーとネットワーク',
    'Only on AC power':
        'AC 電源のときのみ',
    'Always':
        '常に',
    'Never':
        'しない',
    "While runs are active the computer does not go to sleep by itself. Closing the lid still puts it to sleep; the runs' output is saved first.":
        '実行中はコンピューターが自動でスリープしません。蓋を閉じるとスリープしますが、その前に実行の出力が保存されます。',
    'Keep awake while runs are active':
        '実行中はスリープしない',
    ' %':
        ' %',
    'never':
        'しない',
    'On battery below this charge the Runner finishes its runs but takes no new work; it takes work again by itself once the computer is plugged in.':
        'バッテリー駆動中に残量がこの値を下回ると、ランナーは実行中の作業を終えますが新しい作業は受け付けません。電源に接続されると自動的に再開します。',
    'Pause on battery below':
        'バッテリー残量がこれ未満で一時停止',
    'Pause on a metered network':
        '従量制ネットワークで一時停止',
    "On a metered connection (a phone's hotspot) the Runner finishes its runs but takes no new work; it takes work again by itself on another network.":
        '従量制の接続（スマートフォンのテザリングなど）では、ランナーは実行中の作業を終えますが新しい作業は受け付けません。別のネットワークでは自動的に再開します。',
})

J.update({
    # The git mirror cache's size (issue 22), the bubblewrap workspace root
    "--git-cache-mib is %1; use a whole number of MiB from 0 (keep no git mirrors) to %2.":
        "--git-cache-mib が %1 です。0（git ミラーを保持しない）から %2 までの整数（MiB）を指定してください。",
    "Size of the git mirror cache in MiB, oldest repository out first; 0 keeps no mirrors. Default: the stored setting, else %1.":
        "git ミラーキャッシュのサイズ（MiB）。古いリポジトリから削除されます。0 ではミラーを保持しません。既定値: 保存された設定、なければ %1。",
    "off (--git-cache-mib 0): every git mount is fetched from its server; %n mirror(s) left in %1 (checkfu-runner cache clear empties it)":
        "オフ (--git-cache-mib 0): git マウントは毎回サーバーから取得します。%1 にミラーが %n 個残っています（checkfu-runner cache clear で空にできます）",
    "Size of the git mirror cache in MiB; 0 keeps no mirrors. Default: %1.":
        "git ミラーキャッシュのサイズ（MiB）。0 ではミラーを保持しません。既定値: %1。",
    " MiB": " MiB",
    "Mirrors of the repositories durable runs fetched, so that the next fetch is fast; past this size the oldest repository goes first. Off: every fetch comes from the server. Zero-data-retention runs never use it.":
        "永続的な実行が取得したリポジトリのミラーで、次回の取得を速くします。このサイズを超えると古いリポジトリから削除されます。オフ: 毎回サーバーから取得します。データを保持しない (ZDR) 実行は使用しません。",
    "Git mirror cache": "git ミラーキャッシュ",
    "measuring…": "計測中…",
    "empty": "空",
    "%n mirror(s), %1 MiB used": "ミラー %n 個、%1 MiB 使用中",
    "the workspace root %1 cannot be shown in the bubblewrap sandbox: it would cover or lie in %2; use a root target such as /workspace":
        "ワークスペースのルート %1 は bubblewrap サンドボックスに表示できません: %2 を覆うか、その中にあります。/workspace などのルートターゲットを使ってください",
})
J.update({
    # Snapshots kept on this machine (issue 23)
    'Workspaces of runs that asked to keep them (snapshot.on_settle), on this machine only; the control plane knows their ids, never their content. A run that starts from a deleted one is refused.':
        '保持を求めた実行（snapshot.on_settle）のワークスペースで、このマシンにだけ保存されます。コントロールプレーンが知るのは ID だけで、内容は知りません。削除したワークスペースから始まる実行は拒否されます。',
    'Delete all…':
        'すべて削除…',
    'Workspaces kept':
        '保持中のワークスペース',
    'at most %1 MiB, each kept %2 days':
        '最大 %1 MiB、各 %2 日間保持',
    'none (%1)':
        'なし（%1）',
    '%n workspace(s), %1 MiB (%2)':
        'ワークスペース %n 個、%1 MiB（%2）',
    'Delete kept workspaces':
        '保持中のワークスペースの削除',
    'Delete the %n workspace(s) kept on this machine? Runs can no longer start from them.':
        'このマシンに保持されているワークスペース %n 個を削除しますか？ 削除すると、実行をそこから始められなくなります。',
    'deleting…':
        '削除中…',
    'the workspace it starts from is not kept on this machine':
        '開始元のワークスペースがこのマシンに保持されていません',
    'The run keeps zero data (ephemeral_zdr) but asks for its workspace to be kept (snapshot.on_settle).':
        'この実行はデータを保持しません (ephemeral_zdr) が、ワークスペースの保持 (snapshot.on_settle) を求めています。',
    'The run asks for its workspace to be kept (snapshot.on_settle); within its enrollment ceiling this machine keeps no snapshots.':
        'この実行はワークスペースの保持 (snapshot.on_settle) を求めていますが、登録時の上限の範囲では、このマシンはスナップショットを保持しません。',
    'The run starts from a snapshot; within its enrollment ceiling this machine restores no snapshots.':
        'この実行はスナップショットから始まりますが、登録時の上限の範囲では、このマシンはスナップショットを復元しません。',
    'this Runner keeps no snapshots':
        'このランナーはスナップショットを保持しません',
    'the workspace was not kept: this Runner keeps no snapshots':
        'ワークスペースは保持されませんでした: このランナーはスナップショットを保持しません',
    'Recording the workspace':
        'ワークスペースを記録しています',
    'the workspace will not be kept: recording it as materialised failed: %1':
        'ワークスペースは保持されません: 準備直後の状態の記録に失敗しました: %1',
    'not in the snapshot (FIFOs, sockets and devices, or names a manifest cannot hold: a line break, not UTF-8): %1':
        'スナップショットに含まれないもの（FIFO、ソケット、デバイス、またはマニフェストに記録できない名前: 改行を含む、UTF-8 でない）: %1',
    'the workspace was not kept: the disk is full (%1)':
        'ワークスペースは保持されませんでした: ディスクがいっぱいです（%1）',
    'the workspace was not kept: %1':
        'ワークスペースは保持されませんでした: %1',
    'is snapshot, which only the first mount (the workspace root) may be':
        'が snapshot ですが、snapshot にできるのは最初のマウント（ワークスペースのルート）だけです',
    'is not part of a snapshot mount (its files come from the snapshot)':
        'は snapshot マウントには指定できません（ファイルはスナップショットから復元されます）',
    'start, doctor, unpair, cache or snapshots':
        'start、doctor、unpair、cache、snapshots のいずれか',
    'checkfu-runner: name a command (start, doctor, unpair, cache, snapshots); see --help':
        'checkfu-runner: コマンドを指定してください（start、doctor、unpair、cache、snapshots）。--help を参照してください',
    "checkfu-runner: unknown command '%1'; use start, doctor, unpair, cache or snapshots":
        "checkfu-runner: 不明なコマンド '%1' です。start、doctor、unpair、cache、snapshots のいずれかを使ってください",
    'manifest: its last line has no line break':
        'マニフェスト: 最後の行に改行がありません',
    'manifest line %1: %2':
        'マニフェスト %1 行目: %2',
    'too short':
        '短すぎます',
    'no mode':
        'モードがありません',
    'no hash':
        'ハッシュがありません',
    "a file's mode is 755 or 644":
        'ファイルのモードは 755 か 644 です',
    'only a file has a mode':
        'モードを持つのはファイルだけです',
    'unknown type':
        '不明な種類です',
    'bad hash':
        'ハッシュが不正です',
    'bad path':
        'パスが不正です',
    'not sorted or listed twice':
        '並び順が正しくないか、2 回記載されています',
    'its directory is not listed before it':
        'そのディレクトリーが前に記載されていません',
    'stopped':
        '停止しました',
    '%1 lies deeper than %2 directories':
        '%1 は %2 階層より深い場所にあります',
    'cannot read %1: %2':
        '%1 を読み取れません: %2',
    'cannot read the link %1':
        'リンク %1 を読み取れません',
    '%1: its stored content is damaged':
        '%1: 保存された内容が破損しています',
    'this machine holds no snapshot %1':
        'このマシンにはスナップショット %1 がありません',
    'the stored record of snapshot %1 is damaged':
        'スナップショット %1 の保存された記録が破損しています',
    'snapshot %1 expired at %2':
        'スナップショット %1 は %2 に期限切れになりました',
    'snapshot %1 has the digest %2, not %3':
        'スナップショット %1 のダイジェストは %2 で、%3 ではありません',
    'the stored manifest of snapshot %1 is damaged':
        'スナップショット %1 の保存されたマニフェストが破損しています',
    'its record is missing or damaged':
        '記録がないか、破損しています',
    'its manifest does not match its digest':
        'マニフェストがダイジェストと一致しません',
    'the content of %1 is missing or damaged':
        '%1 の内容がないか、破損しています',
    '%1: its directory is missing':
        '%1: ディレクトリーがありません',
    '%1: its content is missing from the store':
        '%1: 内容が保存先にありません',
    'Workspaces kept on this machine (runs with snapshot.on_settle). They never leave it; the control plane only knows their ids and digests. Kept for %1 days, at most %2 MiB in all, the oldest removed first.':
        'このマシンに保持されたワークスペース（snapshot.on_settle を指定した実行）です。このマシンから出ることはなく、コントロールプレーンが知るのは ID とダイジェストだけです。%1 日間、合計 %2 MiB まで保持され、古いものから削除されます。',
    'list: one JSON array, for scripts':
        'list: スクリプト向けの JSON 配列 1 つ',
    'list (the default), show ID, diff ID, export ID DIR, rm ID, prune or verify':
        'list（既定）、show ID、diff ID、export ID DIR、rm ID、prune、verify のいずれか',
    'checkfu-runner snapshots %1: expected %n argument(s); see --help':
        'checkfu-runner snapshots %1: 引数は %n 個です。--help を参照してください',
    "checkfu-runner snapshots: unknown action '%1'; use list, show, diff, export, rm, prune or verify":
        "checkfu-runner snapshots: 不明な操作 '%1' です。list、show、diff、export、rm、prune、verify のいずれかを使ってください",
    "checkfu-runner snapshots: this machine holds no snapshot '%1' (see snapshots list)":
        "checkfu-runner snapshots: このマシンにはスナップショット '%1' がありません（snapshots list を参照してください）",
    '%n snapshot(s), %1 MiB in %2 (kept %3 days, at most %4 MiB)':
        'スナップショット %n 個、%2 に %1 MiB（%3 日間保持、最大 %4 MiB）',
    'Snapshot %1':
        'スナップショット %1',
    '  digest:   %1':
        '  ダイジェスト: %1',
    '  run:      %1 (%2)':
        '  実行:     %1 (%2)',
    '  taken:    %1':
        '  作成:     %1',
    '  expires:  %1':
        '  期限:     %1',
    '  files:    %1 (%2 bytes)':
        '  ファイル: %1（%2 バイト）',
    '  base:     git %1':
        '  ベース:   git %1',
    '  changes:  %1 added, %2 modified, %3 deleted':
        '  変更:     追加 %1、変更 %2、削除 %3',
    'checkfu-runner snapshots diff: needs diff (apt install diffutils) and a readable snapshot':
        'checkfu-runner snapshots diff: diff（apt install diffutils）と読み取り可能なスナップショットが必要です',
    'checkfu-runner snapshots diff: the content of %1 is missing, damaged or over 16 MiB':
        'checkfu-runner snapshots diff: %1 の内容がないか、破損しているか、16 MiB を超えています',
    'checkfu-runner snapshots export: %1 exists and is not an empty directory':
        'checkfu-runner snapshots export: %1 は既に存在し、空のディレクトリーではありません',
    'checkfu-runner snapshots export: %1':
        'checkfu-runner snapshots export: %1',
    'Exported %1 to %2 (every file checked against its digest).':
        '%1 を %2 にエクスポートしました（すべてのファイルをダイジェストで検証済み）。',
    'Removed %1; %2 MiB freed.':
        '%1 を削除しました。%2 MiB を解放しました。',
    '%1 expired and %2 over the size limit removed; %3 MiB freed.':
        '期限切れ %1 個とサイズ上限超過 %2 個を削除しました。%3 MiB を解放しました。',
    '%1  ok':
        '%1  正常',
    '%1  DAMAGED: %2 (it will never be restored; remove it with snapshots rm)':
        '%1  破損: %2（復元されることはありません。snapshots rm で削除してください）',
    '%n snapshot(s) checked, %1 damaged.':
        'スナップショット %n 個を検証し、%1 個が破損していました。',
})
J.update({
    # CodePage
    "Pairing code": "ペアリングコード",
    "Paste the one-use code your administrator created for you. It looks like CFU-XXXX-XXXX-XXXX and works only for a few minutes.":
        "管理者が発行した 1 回限りのコードを貼り付けてください。CFU-XXXX-XXXX-XXXX の形式で、有効期間は数分間だけです。",
    "&Code:": "コード(&C):",
    "Spaces, line breaks, lower case and missing hyphens do not matter: the code is tidied up as you paste it.":
        "空白、改行、小文字、ハイフンの抜けは気にする必要はありません。貼り付けたときにコードが自動で整えられます。",
    # CursorPage
    "Cursor (optional)": "Cursor（任意）",
    "Lets this machine run Cursor agent sessions in Docker with your own Cursor API key. Fill in all four fields, or leave all of them empty to skip this.":
        "自分の Cursor API キーで、このマシンの Docker で Cursor エージェントを実行できるようにします。4 つの欄をすべて入力するか、使わない場合はすべて空欄にしてください。",
    "&Pair": "ペアリング(&P)",
    "Profile &version:": "プロファイルバージョン(&V):",
    "Release &digest:": "リリースダイジェスト(&D):",
    "&Model:": "モデル(&M):",
    "as your administrator named it": "管理者が指定したとおりに入力",
    "API &key:": "API キー(&K):",
    "The API key goes only into the container of a Cursor run that matches these values, never to the control plane. It is not shown again.":
        "API キーは、これらの値に一致する Cursor の実行のコンテナーにだけ渡され、コントロールプレーンには送られません。再表示はされません。",
    "Profile version": "プロファイルバージョン",
    "Release digest": "リリースダイジェスト",
    "Model": "モデル",
    "API key": "API キー",
    "The Cursor lane needs all four fields or none; missing: %1. Fill them in, or clear the other fields to skip the Cursor lane.":
        "Cursor レーンには 4 つの欄すべてが必要です（またはすべて空欄）。未入力: %1。入力するか、Cursor レーンを使わない場合はほかの欄を空にしてください。",
    # DiagnosticsDialog
    "Checkfu Runner Diagnostics": "Checkfu Runner 診断",
    "The checks have not run yet.": "チェックはまだ実行されていません。",
    "Result": "結果",
    "Check": "チェック",
    "Details": "詳細",
    "Run again": "再実行",
    "Copy to clipboard": "クリップボードにコピー",
    "Running the checks…": "チェックを実行しています…",
    "Hint: %1": "ヒント: %1",
    "Copied to the clipboard.": "クリップボードにコピーしました。",
    "Checkfu Runner %1 diagnostics": "Checkfu Runner %1 の診断結果",
    "OK": "OK",
    "Warning": "警告",
    "Failed": "失敗",
    "Skipped": "スキップ",
    "No checks ran.": "実行されたチェックはありません。",
    "1 check failed": "失敗 1 件",
    "%1 checks failed": "失敗 %1 件",
    "1 warning": "警告 1 件",
    "%1 warnings": "警告 %1 件",
    "1 skipped": "スキップ 1 件",
    "%1 skipped": "スキップ %1 件",
    "All checks passed": "すべてのチェックに合格",
    ", ": "、",
    ".": "。",
    # EndpointPage
    "Control plane": "コントロールプレーン",
    "The address of your Checkfu control plane. Your administrator gives it to you with the pairing code.":
        "Checkfu コントロールプレーンのアドレスです。ペアリングコードと一緒に管理者から伝えられます。",
    "&Endpoint URL:": "エンドポイント URL(&E):",
    "Only https:// is accepted, except plain http:// to this machine itself (127.0.0.1, [::1] or localhost), such as a local development control plane.":
        "https:// のみ使用できます。ただし、ローカルの開発用コントロールプレーンのように、このマシン自身（127.0.0.1、[::1]、localhost）を指す場合は http:// も使用できます。",
    "The endpoint": "エンドポイント",
    # FreedesktopNotifications
    "Open": "開く",
    # MachinePage
    "This machine": "このマシン",
    "The name you and your administrator will see for this machine in Checkfu. It defaults to the host name.":
        "Checkfu であなたと管理者に表示される、このマシンの名前です。既定ではホスト名になります。",
    "e.g. alice-laptop": "例: alice-laptop",
    "Machine &label:": "マシンのラベル(&L):",
    "This pairing link is for the control plane %1. Runs it sends will execute on this machine: continue only if you expected this link from your administrator.":
        "このペアリングリンクはコントロールプレーン %1 用です。そこから送られる実行はこのマシン上で動作します。管理者からこのリンクが届く予定だった場合にのみ続行してください。",
    "The machine label is empty. Give a name that tells you which machine this is, e.g. %1.":
        "マシンのラベルが空です。どのマシンかわかる名前を入力してください（例: %1）。",
    "The machine label contains a line break or another control character. Use a plain one-line name.":
        "マシンのラベルに改行などの制御文字が含まれています。1 行の通常の名前にしてください。",
    # Notifier
    "This machine was disconnected from Checkfu": "このマシンは Checkfu から切断されました",
    "An administrator revoked this machine's credential. Pair it again with a new code to reconnect.":
        "管理者がこのマシンの認証情報を取り消しました。再接続するには、新しいコードでもう一度ペアリングしてください。",
    "Checkfu Runner stopped: a copy of this setup was running":
        "Checkfu Runner が停止しました: この構成のコピーが実行されていました",
    "Two Runner processes used this machine's credential, so Checkfu revoked it. Pair this machine again with a new code.":
        "2 つのランナープロセスがこのマシンの認証情報を使用したため、Checkfu が認証情報を取り消しました。新しいコードでこのマシンをもう一度ペアリングしてください。",
    "The agent asks for permission": "エージェントが許可を求めています",
    "Approval needed: %1": "承認が必要です: %1",
    "An agent session": "エージェントのセッション",
    "Session %1": "セッション %1",
    "%1 waits for your decision. Click to open it in the Checkfu dashboard.":
        "%1 があなたの判断を待っています。クリックすると Checkfu ダッシュボードで開きます。",
    "All runs finished": "すべての実行が完了しました",
    "Checkfu Runner finished its runs and signed off.": "Checkfu Runner は実行を終えてサインオフしました。",
    "Checkfu Runner finished its runs and is signing off.": "Checkfu Runner は実行を終え、サインオフしています。",
    "Checkfu Runner finished its runs and takes no new work until you resume it.":
        "Checkfu Runner は実行を終えました。再開するまで新しい作業は受け付けません。",
    "Checkfu Runner is back online": "Checkfu Runner がオンラインに戻りました",
    "the control plane": "コントロールプレーン",
    "Connected to %1 again after %2 offline.": "%1 に再接続しました（オフラインだった時間: %2）。",
    "1 minute": "1 分",
    "%1 minutes": "%1 分",
    "%1 hours": "%1 時間",
    "This machine is paired with Checkfu": "このマシンは Checkfu とペアリングされました",
    "Checkfu Runner is connecting and will take work when ready.": "Checkfu Runner は接続中です。準備ができると作業を受け付けます。",
    "Pairing failed": "ペアリングに失敗しました",
    "The pairing code was not accepted. Ask for a new code.": "ペアリングコードが受け付けられませんでした。新しいコードを依頼してください。",
    # PairingLink
    "The pairing link is too long to be a pairing link. Copy the link your administrator gave you again.":
        "ペアリングリンクとしては長すぎます。管理者から受け取ったリンクをもう一度コピーしてください。",
    "This is not a Checkfu pairing link; it should look like %1.":
        "これは Checkfu のペアリングリンクではありません。%1 のような形式のはずです。",
    "This Checkfu link is not a pairing link (it should start with checkfu://pair?). Ask your administrator for a pairing link.":
        "この Checkfu リンクはペアリングリンクではありません（checkfu://pair? で始まる必要があります）。管理者にペアリングリンクを依頼してください。",
    "The pairing link gives the code or the endpoint more than once. Ask your administrator for a new link.":
        "ペアリングリンクにコードまたはエンドポイントが複数回含まれています。管理者に新しいリンクを依頼してください。",
    "The link's endpoint": "リンクのエンドポイント",
    "The pairing link has no pairing code (code=…). Paste the code your administrator gave you instead.":
        "ペアリングリンクにペアリングコード（code=…）がありません。代わりに管理者から受け取ったコードを貼り付けてください。",
    "The link's pairing code is not valid: %1": "リンクのペアリングコードが無効です: %1",
    # PairingRedemption
    "is too short to be a credential": "は認証情報としては短すぎます",
    "This pairing code does not exist. Check it for typos, or ask your administrator for a new one.":
        "このペアリングコードは存在しません。入力ミスがないか確認するか、管理者に新しいコードを依頼してください。",
    "This pairing code has already been used. Codes work once; ask your administrator for a new one.":
        "このペアリングコードはすでに使用されています。コードは 1 回しか使えません。管理者に新しいコードを依頼してください。",
    "This pairing code has expired. Codes last only a few minutes; ask your administrator for a new one.":
        "このペアリングコードは有効期限が切れています。コードの有効期間は数分間だけです。管理者に新しいコードを依頼してください。",
    "The control plane did not accept the pairing request: %1": "コントロールプレーンがペアリング要求を受け付けませんでした: %1",
    "Could not reach the control plane to redeem the code (%1). Check the endpoint and your network, then try again; the code was not used.":
        "コードを使用するためにコントロールプレーンに接続できませんでした（%1）。エンドポイントとネットワークを確認してから、もう一度お試しください。コードは使用されていません。",
    "Pairing failed: %1": "ペアリングに失敗しました: %1",
    # PairingWizard
    "Docker %1 answers": "Docker %1 が応答しています",
    "the Docker daemon gave no version": "Docker デーモンがバージョンを返しませんでした",
    "no Docker daemon answers (%1)": "応答する Docker デーモンがありません（%1）",
    "Pair Checkfu Runner": "Checkfu Runner のペアリング",
    "Redeeming the pairing code with %1…": "%1 でペアリングコードを使用しています…",
    "&New Code…": "新しいコード(&N)…",
    "&Try Again": "再試行(&T)",
    "Control plane: %1": "コントロールプレーン: %1",
    "Machine label: %1": "マシンのラベル: %1",
    "Sandbox: %1": "サンドボックス: %1",
    "Cursor lane: model %1": "Cursor レーン: モデル %1",
    "Cursor lane: off": "Cursor レーン: オフ",
    # RegistryRunAutostart
    "Cannot change %1.": "%1 を変更できません。",
    # ResultPage
    "Pairing": "ペアリング",
    "The pairing code is redeemed with the control plane.": "コントロールプレーンでペアリングコードを使用します。",
    "Pairing…": "ペアリング中…",
    "This machine is paired": "このマシンはペアリングされました",
    "The Runner is connecting to the control plane.": "ランナーはコントロールプレーンに接続しています。",
    "Choose Finish to close this window; Checkfu Runner keeps running in the tray.":
        "「完了」を選ぶとこのウィンドウが閉じます。Checkfu Runner はトレイで動作し続けます。",
    "Ask your administrator for a new pairing code, then choose New Code.":
        "管理者に新しいペアリングコードを依頼してから、「新しいコード」を選んでください。",
    "Choose Try Again, or go Back to change the endpoint or another detail.":
        "「再試行」を選ぶか、「戻る」でエンドポイントなどの内容を変更してください。",
    "Done: the control plane knows this machine now.": "完了: コントロールプレーンにこのマシンが登録されました。",
    "The control plane did not pair this machine.": "コントロールプレーンはこのマシンをペアリングしませんでした。",
    # RunExecution
    "the sandbox provider %1 is not enabled on this machine": "サンドボックスプロバイダー %1 はこのマシンで有効になっていません",
    # RunnerHost
    "The Cursor API key could not be read, so the Cursor lane is off: %1":
        "Cursor API キーを読み取れなかったため、Cursor レーンはオフです: %1",
    "The Cursor API key could not be stored: %1": "Cursor API キーを保存できませんでした: %1",
    "configuration": "構成",
    "This machine is paired with %1 as “%2”.": "このマシンは「%2」として %1 とペアリングされています。",
    # RunnerSettings
    "cannot write the settings file %1": "設定ファイル %1 に書き込めません",
    # SandboxPage
    "Sandbox": "サンドボックス",
    "Where runs execute on this machine. Pick the strongest isolation this machine offers.":
        "このマシンで実行をどこで動かすかを選びます。このマシンで使える最も強い分離を選んでください。",
    "Not checked.": "未確認です。",
    "&Bubblewrap": "Bubblewrap(&B)",
    "Runs execute as processes of this machine in their own namespaces, with a read-only system and no network unless the run allows it.":
        "実行は、このマシンのプロセスとして専用の名前空間で動作します。システムは読み取り専用で、実行が許可しない限りネットワークは使えません。",
    "&Docker only": "Docker のみ(&D)",
    "Runs execute in containers. The Runner refuses to start when no Docker daemon answers.":
        "実行はコンテナー内で動作します。応答する Docker デーモンがない場合、ランナーは起動しません。",
    "&Host process": "ホストプロセス(&H)",
    "No isolation. Runs execute as your user, can read and change your files, and use this machine's own network without limits. Choose it only for work you would run yourself.":
        "分離なし。実行はあなたの権限で動き、ファイルを読み書きでき、このマシンのネットワークを無制限に使えます。自分で実行してよい作業にだけ選んでください。",
    "&None on this machine": "このマシン上では直接実行しない(&N)",
    "Runs execute only in Docker containers, while a Docker daemon answers; without one this machine takes no work.":
        "実行は Docker デーモンが応答している間だけ Docker コンテナー内で動作します。応答がなければ、このマシンは作業を受け付けません。",
    "Except with Docker only, Docker containers are used as well whenever a Docker daemon answers.":
        "「Docker のみ」以外でも、Docker デーモンが応答していれば Docker コンテナーも使用されます。",
    "Check &Again": "再確認(&A)",
    "Detect Docker and bubblewrap again, e.g. after installing or starting them.":
        "Docker と bubblewrap をもう一度検出します（インストールや起動の後など）。",
    "Choose where runs execute to continue.": "続行するには、実行を動かす場所を選んでください。",
    "Checking whether this machine offers it…": "このマシンで使用できるか確認しています…",
    "Detected on this machine.": "このマシンで検出されました。",
    "Detected: %1.": "検出されました: %1。",
    "Not available on this machine.": "このマシンでは使用できません。",
    "Not available: %1.": "使用できません: %1。",
})
J.update({
    # SandboxProbe
    "bwrap is not installed (apt install bubblewrap)": "bwrap がインストールされていません（apt install bubblewrap）",
    "bwrap did not answer within 3 s": "bwrap が 3 秒以内に応答しませんでした",
    "bwrap cannot create namespaces here: %1": "ここでは bwrap が名前空間を作成できません: %1",
    "bwrap can create namespaces": "bwrap は名前空間を作成できます",
    "DOCKER_HOST %1 is not a Unix socket; only local daemons are used":
        "DOCKER_HOST %1 は Unix ソケットではありません。ローカルのデーモンだけが使用されます",
    "no Docker daemon socket at %1": "%1 に Docker デーモンのソケットがありません",
    "the Docker daemon at %1 does not answer: %2": "%1 の Docker デーモンが応答しません: %2",
    "the Docker daemon at %1 did not answer _ping": "%1 の Docker デーモンが _ping に応答しませんでした",
    "a Docker daemon answers at %1": "%1 で Docker デーモンが応答しています",
    # SettingsDialog
    "Checkfu Runner Settings": "Checkfu Runner の設定",
    "The sandbox tier, slots, idle timeout, read-only paths and the Cursor lane take effect the next time the runner starts.":
        "サンドボックスレベル、スロット、アイドルタイムアウト、読み取り専用パス、Cursor レーンの変更は、次回ランナーを起動したときに反映されます。",
    "Runner": "ランナー",
    "Automatic: host process, and Docker when a daemon answers": "自動: ホストプロセス、およびデーモンが応答する場合は Docker",
    "Host process: no isolation, this machine's own network": "ホストプロセス: 分離なし、このマシンのネットワークを使用",
    "Bubblewrap: host process in its own namespaces, and Docker when a daemon answers":
        "Bubblewrap: 専用の名前空間内のホストプロセス、およびデーモンが応答する場合は Docker",
    "Docker only: refuse to start without a Docker daemon": "Docker のみ: Docker デーモンがなければ起動しない",
    "No host tier: Docker only, when a daemon answers": "ホストレベルなし: デーモンが応答する場合のみ Docker",
    "Sandbox tier": "サンドボックスレベル",
    "How many runs this machine takes at once (1 to %1).": "このマシンが同時に受け付ける実行の数です（1〜%1）。",
    "Slots": "スロット",
    "none": "なし",
    "A turn that shows no activity for this long ends and its run fails. Empty: no timeout unless the run sets its own.":
        "この時間、動きのないターンは終了し、その実行は失敗になります。空欄の場合、実行自身が指定しない限りタイムアウトはありません。",
    "seconds": "秒",
    "Idle timeout": "アイドルタイムアウト",
    "none, e.g. /home/me/.local/bin:/home/me/.nvm": "なし（例: /home/me/.local/bin:/home/me/.nvm）",
    "A bubblewrap run sees only the system directories and its own directory. A harness installed elsewhere (under your home) needs its directory here: absolute paths, separated by ':', shown read-only to every bubblewrap run.":
        "bubblewrap の実行から見えるのは、システムのディレクトリと実行自身のディレクトリだけです。ほかの場所（ホーム以下など）にインストールしたハーネスは、そのディレクトリをここに指定する必要があります。絶対パスを ':' で区切って指定すると、すべての bubblewrap の実行に読み取り専用で見えるようになります。",
    "Bubblewrap read-only paths": "Bubblewrap の読み取り専用パス",
    "Cursor lane": "Cursor レーン",
    "Fill in all four fields, or none. The API key is kept in the keychain, never in the settings file; leave it empty to keep the stored one.":
        "4 つの欄をすべて入力するか、すべて空欄にしてください。API キーは設定ファイルではなくキーチェーンに保存されます。保存済みのキーをそのまま使う場合は空欄のままにしてください。",
    "Clear": "クリア",
    "Remove the Cursor lane: all four fields and the stored key.": "Cursor レーンを削除します（4 つの欄と保存済みのキー）。",
    "Notify me when": "通知するタイミング",
    "a run waits for my approval": "実行が承認を待っているとき",
    "this machine's credential was revoked": "このマシンの認証情報が取り消されたとき",
    "another copy of this runner used its credential": "このランナーの別のコピーが認証情報を使用したとき",
    "draining has finished": "受付停止後、すべての実行が終わったとき",
    "the runner is connected again after being offline": "オフラインの後、ランナーが再接続したとき",
    "runs were lost while the computer slept": "コンピューターのスリープ中に実行が失われたとき",
    "The control plane gave up what this machine was running while it slept. \"Keep awake while runs are active\" in Settings keeps the computer awake, unless its lid is closed or someone puts it to sleep.": "このマシンがスリープしている間に、コントロールプレーンはこのマシンの実行を打ち切りました。設定の「実行中はスリープしない」は、ふたを閉じたり誰かがスリープさせたりしない限り、コンピューターをスリープさせません。",
    "General": "全般",
    "Start Checkfu Runner when I log in": "ログイン時に Checkfu Runner を起動する",
    "Trace": "トレース",
    "Debug": "デバッグ",
    "Info (default)": "情報（既定）",
    "Warnings": "警告",
    "Errors only": "エラーのみ",
    "Log level": "ログレベル",
    "%1 (not recognised)": "%1（認識できません）",
    "the stored key will be removed": "保存済みのキーは削除されます",
    "stored in the keychain": "キーチェーンに保存済み",
    "not set": "未設定",
    "The idle timeout must be a number of seconds greater than 0 and at most 2147483.647 (up to three decimals), or empty for none.":
        "アイドルタイムアウトには、0 より大きく 2147483.647 以下の秒数（小数点以下 3 桁まで）を指定してください。指定しない場合は空欄にしてください。",
    # SingleInstance
    "Another Checkfu Runner is starting and holds %1.": "別の Checkfu Runner が起動中で、%1 を使用しています。",
    "Cannot reach the running Checkfu Runner at %1: %2": "%1 で実行中の Checkfu Runner に接続できません: %2",
    "The running Checkfu Runner did not accept the request (no answer within %1 s).":
        "実行中の Checkfu Runner が要求を受け付けませんでした（%1 秒以内に応答なし）。",
    "Cannot listen on %1: %2": "%1 で待ち受けできません: %2",
    # StatusWindow
    "Checkfu Runner": "Checkfu Runner",
    "Endpoint": "エンドポイント",
    "Machine": "マシン",
    "Last contact": "最終通信",
    "Next retry": "次回の再試行",
    "Waiting for your decision": "あなたの判断を待っています",
    "not paired": "ペアリングされていません",
    # TrayCommandLine
    "Checkfu Runner in the system tray: runs Checkfu agent sessions on this machine. The flags and environment variables are those of `checkfu-runner start`.":
        "システムトレイで動作する Checkfu Runner: このマシンで Checkfu エージェントのセッションを実行します。フラグと環境変数は `checkfu-runner start` と同じです。",
    "Control plane URL (https, or http to loopback).": "コントロールプレーンの URL（https、またはループバック宛ての http）。",
    "One-use pairing code (CFU-XXXX-XXXX-XXXX) to redeem.": "使用する 1 回限りのペアリングコード（CFU-XXXX-XXXX-XXXX）。",
    "This machine's display label. Default: the host name.": "このマシンの表示ラベル。既定: ホスト名。",
    "Sandbox tier: host-process, bubblewrap, docker or none.": "サンドボックスレベル: host-process、bubblewrap、docker、none のいずれか。",
    "Where the credential is kept: keychain (default) or file.": "認証情報の保存先: keychain（既定）または file。",
    "Runs at once (1-64). Default: 1.": "同時に実行する数（1〜64）。既定: 1。",
    "Paths a bubblewrap sandbox shows read-only, ':'-separated. Repeatable.":
        "bubblewrap サンドボックスに読み取り専用で見せるパス（':' 区切り）。複数回指定できます。",
    "trace, debug, info (default), warn or error.": "trace、debug、info（既定）、warn、error のいずれか。",
    "A checkfu://pair?code=…&endpoint=… link: opens the pairing wizard with it filled in.":
        "checkfu://pair?code=…&endpoint=… 形式のリンク: 内容を入力済みの状態でペアリングウィザードを開きます。",
    "checkfu-tray takes no arguments besides its flags and a checkfu://pair link; see --help.":
        "checkfu-tray はフラグと checkfu://pair リンク以外の引数を受け付けません。--help を参照してください。",
    "--log-level: use trace, debug, info, warn or error.": "--log-level: trace、debug、info、warn、error のいずれかを指定してください。",
    # TrayHooks
    "1 run is in flight. Quitting lets it finish first and takes no new work. Quit when it is done?":
        "実行中の作業が 1 件あります。終了すると、新しい作業は受け付けずにその実行が終わるのを待ちます。完了したら終了しますか？",
    "%1 runs are in flight. Quitting lets them finish first and takes no new work. Quit when they are done?":
        "実行中の作業が %1 件あります。終了すると、新しい作業は受け付けずにそれらの実行が終わるのを待ちます。すべて完了したら終了しますか？",
    "Quit Checkfu Runner": "Checkfu Runner を終了",
    # TrayIcon
    "This desktop shows no system tray (on GNOME it needs the AppIndicator extension), so Checkfu Runner keeps this window open instead. Closing it quits the Runner.":
        "このデスクトップにはシステムトレイがありません（GNOME では AppIndicator 拡張機能が必要です）。そのため、Checkfu Runner は代わりにこのウィンドウを開いたままにします。このウィンドウを閉じるとランナーは終了します。",
    # TrayMenu
    "Pair this machine…": "このマシンをペアリング…",
    "Open dashboard": "ダッシュボードを開く",
    "Settings…": "設定…",
    "Diagnostics…": "診断…",
    "Show log": "ログを表示",
    "Unpair…": "ペアリング解除…",
    # TrayPresentation
    "1 run": "1 件",
    "%1 runs": "%1 件",
    "1 approval waiting": "承認待ち 1 件",
    "%1 approvals waiting": "承認待ち %1 件",
    "Not running": "停止中",
    "Starting…": "起動中…",
    "Connecting…": "接続中…",
    "Reconnecting after sleep…": "スリープから復帰して再接続中…",
    "Offline — reconnecting": "オフライン — 再接続中",
    "Offline — retrying at %1": "オフライン — %1 に再試行",
    "Running %1": "実行中（%1）",
    "Ready — waiting for work": "準備完了 — 作業を待っています",
    "Draining — %1 left": "受付停止中 — 残り %1",
    "Draining — taking no new work": "受付停止中 — 新しい作業は受け付けません",
    "Stopping — %1 left": "停止処理中 — 残り %1",
    "Stopping — signing off": "停止処理中 — サインオフしています",
    "Stopped": "停止しました",
    "Not paired": "ペアリングされていません",
    "Revoked — this machine's pairing was withdrawn": "取り消し済み — このマシンのペアリングは取り消されました",
    "Stopped — this pairing is in use on another machine (clone)": "停止 — このペアリングは別のマシンで使用されています（クローン）",
    "Stopped by an error": "エラーにより停止しました",
    "%1 — %2": "%1 — %2",
    "Checkfu Runner — %1": "Checkfu Runner — %1",
    "Waiting for your decision: %1": "あなたの判断を待っています: %1",
    "Endpoint: %1": "エンドポイント: %1",
    "Machine: %1": "マシン: %1",
    "Last contact: %1": "最終通信: %1",
    "Next retry: %1": "次回の再試行: %1",
    "Resume taking work": "作業の受付を再開",
    "Drain — finish runs, take no new work": "受付停止 — 実行中の作業だけ終える",
    "Stop now — cancel %1": "今すぐ停止 — %1 をキャンセル",
    "Stopping…": "停止処理中…",
    "Stop runner": "ランナーを停止",
    "Start runner": "ランナーを起動",
    "an agent's request": "エージェントの要求",
    "Decide: %1": "判断する: %1",
    "not known yet": "まだ不明",
    "now (connected since %1)": "現在（%1 から接続中）",
    "now": "現在",
    "none yet": "まだありません",
    "%1 of %2 busy": "使用中 %1 / %2",
    "%1 %2": "%1 %2",
    # UnpairDialog
    "Unpair This Machine": "このマシンのペアリングを解除",
    "<p>Unpairing stops the runner and makes this machine forget runner <b>%1</b> at %2: its pairing and its credential are removed from this machine. To use this machine again, pair it with a new code.</p><p>The control plane is not told: a runner cannot deregister itself. It keeps runner %1 on record, and its credential stays valid there, until an administrator revokes it.</p>":
        "<p>ペアリングを解除すると、ランナーが停止し、このマシンは %2 のランナー <b>%1</b> の情報を破棄します。ペアリングと認証情報はこのマシンから削除されます。このマシンを再び使うには、新しいコードでペアリングしてください。</p><p>コントロールプレーンには通知されません。ランナーは自分自身の登録を解除できないためです。管理者が取り消すまで、コントロールプレーンにはランナー %1 の記録が残り、その認証情報も有効なままです。</p>",
    "Unpair": "ペアリング解除",
    "Stopping the runner and forgetting the pairing…": "ランナーを停止し、ペアリング情報を破棄しています…",
    "This machine is no longer paired.": "このマシンのペアリングは解除されました。",
    "Close": "閉じる",
    "Unpairing failed.": "ペアリングの解除に失敗しました。",
    "Try again": "再試行",
    # WorkloadIdentity
    "This machine was disconnected from Checkfu by an administrator. Its credential has been forgotten; pair it again with a new code to reconnect.":
        "このマシンは管理者によって Checkfu から切断されました。認証情報は破棄されました。再接続するには、新しいコードでもう一度ペアリングしてください。",
    "Two Runner processes used this machine's credential at once (a copied or cloned setup), so Checkfu revoked it. The credential has been forgotten; pair this machine again with a new code.":
        "2 つのランナープロセスがこのマシンの認証情報を同時に使用したため（コピーまたはクローンされた構成）、Checkfu が認証情報を取り消しました。認証情報は破棄されました。新しいコードでこのマシンをもう一度ペアリングしてください。",
    "The control plane does not recognise this machine's credential. Pair the machine again (checkfu-runner unpair, then start --code).":
        "コントロールプレーンがこのマシンの認証情報を認識できません。マシンをもう一度ペアリングしてください（checkfu-runner unpair の後に start --code）。",
    "The control plane refused the Runner's identity: %1": "コントロールプレーンがランナーの ID を拒否しました: %1",
    # XdgAutostart
    "Cannot start %1 at login: its path contains a control character.": "ログイン時に %1 を起動できません: パスに制御文字が含まれています。",
    "Runs Checkfu coding-agent sessions on this machine": "このマシンで Checkfu のコーディングエージェントのセッションを実行します",
})
J.update({
    # ApiClient / ApiError
    "refusing to send to %1: only https, or http to a loopback address":
        "%1 への送信を拒否しました: https、またはループバックアドレス宛ての http のみ使用できます",
    "refused a redirect to %1: only redirects within the endpoint's origin (%2) are followed":
        "%1 へのリダイレクトを拒否しました: エンドポイントのオリジン（%2）内のリダイレクトにのみ従います",
    "refused redirect to %1: more than %2 redirects": "%1 へのリダイレクトを拒否しました: リダイレクトが %2 回を超えています",
    "the response body is larger than 8 MiB": "応答の本文が 8 MiB を超えています",
    "HTTP %1 redirect without a Location": "Location のない HTTP %1 リダイレクト",
    "HTTP %1 answer is not a JSON object": "HTTP %1 の応答が JSON オブジェクトではありません",
    "HTTP %1 without the protocol's error body": "プロトコルのエラー本文のない HTTP %1",
    "network error: %1": "ネットワークエラー: %1",
    "protocol error: %1": "プロトコルエラー: %1",
    "aborted": "中止されました",
    # BubblewrapProvider
    "the harness %1 is not visible in the sandbox: bubblewrap shows only the system directories, the run's own directory and the read-only paths the person allowed. To run it, add %2 to the bubblewrap read-only paths (--bubblewrap-read-only, %3, or Settings > Bubblewrap read-only paths)":
        "ハーネス %1 はサンドボックス内から見えません: bubblewrap が見せるのは、システムのディレクトリ、実行自身のディレクトリ、ユーザーが許可した読み取り専用パスだけです。実行するには、%2 を bubblewrap の読み取り専用パスに追加してください（--bubblewrap-read-only、%3、または「設定」>「Bubblewrap の読み取り専用パス」）",
    "the bubblewrap provider cannot realise network %1": "bubblewrap プロバイダーはネットワーク %1 を実現できません",
    "the workspace of run %1 was not prepared": "実行 %1 のワークスペースが準備されていません",
    "cannot pass bwrap its options: %1": "bwrap にオプションを渡せません: %1",
    # ConfigKeys
    "control plane URL, as --endpoint (the flag wins)": "コントロールプレーンの URL。--endpoint と同じ（フラグが優先）",
    "a Workspace Runner key, used instead of a pairing (a secret)": "ペアリングの代わりに使うワークスペースランナーキー（秘密情報）",
    "true or false: turns the host-process tier on or off, whatever --sandbox says":
        "true または false: --sandbox の指定にかかわらず、ホストプロセスレベルをオンまたはオフにします",
    "a run's idle timeout in milliseconds when its spec names none": "実行の仕様で指定がない場合のアイドルタイムアウト（ミリ秒）",
    "set (to anything): docker runs may ask for an unrestricted network": "設定すると（値は任意）、docker の実行が無制限のネットワークを要求できます",
    "the Cursor lane's harness profile version (all four Cursor variables or none)":
        "Cursor レーンのハーネスのプロファイルバージョン（4 つの Cursor 変数をすべて設定するか、どれも設定しない）",
    "the Cursor lane's harness release digest": "Cursor レーンのハーネスのリリースダイジェスト",
    "the Cursor lane's model": "Cursor レーンのモデル",
    "the Cursor lane's API key (a secret)": "Cursor レーンの API キー（秘密情報）",
    "as --bubblewrap-read-only (the flag wins)": "--bubblewrap-read-only と同じ（フラグが優先）",
    "Environment:": "環境変数:",
    # CredentialStore / CursorKeyStore
    "Protected credential storage is not supported on Windows yet: the Runner cannot keep its bootstrap credential safely on this machine. Run it on macOS or Linux, or use a Workspace Runner key in %1.":
        "保護された認証情報の保存は、Windows ではまだサポートされていません。ランナーはこのマシンで初期認証情報を安全に保管できません。macOS または Linux で実行するか、%1 にワークスペースランナーキーを設定してください。",
    "No credential account was given (the endpoint or runner id is missing): pair this Runner again.":
        "認証情報のアカウントが指定されていません（エンドポイントまたはランナー ID がありません）。このランナーをもう一度ペアリングしてください。",
    "The Cursor API key is empty.": "Cursor API キーが空です。",
    # DockerCommand / DockerProcess
    "docker exited with code %1": "docker がコード %1 で終了しました",
    "docker did not answer within %1 s": "docker が %1 秒以内に応答しませんでした",
    "the docker command is not installed (%1)": "docker コマンドがインストールされていません（%1）",
    "the docker command crashed": "docker コマンドがクラッシュしました",
    "cannot run docker: %1": "docker を実行できません: %1",
    "docker create failed: %1": "docker create に失敗しました: %1",
    # HostProcess
    "cannot start %1: %2": "%1 を起動できません: %2",
    "%1 was killed by signal %2": "%1 はシグナル %2 で強制終了されました",
    "%1 exited with status %2 before starting it": "%1 は起動前にステータス %2 で終了しました",
    # HostProcessProvider
    "cannot open %1: %2": "%1 を開けません: %2",
    "%1 is not owned by this user": "%1 の所有者はこのユーザーではありません",
    "cannot make %1 private: %2": "%1 を非公開にできません: %2",
    "cannot create %1: %2": "%1 を作成できません: %2",
    "uploaded_project file %1: not a relative path": "uploaded_project のファイル %1: 相対パスではありません",
    "uploaded_project file %1: escapes the workspace": "uploaded_project のファイル %1: ワークスペースの外を指しています",
    "uploaded_project file %1: names no file": "uploaded_project のファイル %1: ファイル名がありません",
    "uploaded_project file %1: %2": "uploaded_project のファイル %1: %2",
    "uploaded_project file %1: cannot create it: %2": "uploaded_project のファイル %1: 作成できません: %2",
    "uploaded_project file %1: cannot write it: %2": "uploaded_project のファイル %1: 書き込めません: %2",
    "the harness argv is empty": "ハーネスの argv が空です",
    "%1 was not found on the harness PATH (%2)": "%1 がハーネスの PATH（%2）に見つかりません",
    "%1 is not an executable file": "%1 は実行可能ファイルではありません",
    "the run id %1 cannot name a directory": "実行 ID %1 はディレクトリ名に使えません",
    "the host-process provider does not support %1 mounts": "ホストプロセスプロバイダーは %1 マウントをサポートしていません",
    "cannot create %1": "%1 を作成できません",
    "checkfu-run-reaper is missing (looked next to %1): reinstall the Runner":
        "checkfu-run-reaper が見つかりません（%1 と同じ場所を確認しました）。ランナーを再インストールしてください",
    # HttpResponseParser
    "the server's answer is not HTTP/1.x": "サーバーの応答が HTTP/1.x ではありません",
    "the server switched protocols without being asked": "サーバーが要求なしにプロトコルを切り替えました",
    "the response's header is larger than %1 KiB": "応答のヘッダーが %1 KiB を超えています",
    "the response's header has more than %1 fields": "応答のヘッダーのフィールドが %1 個を超えています",
    "the server sent a malformed header line": "サーバーが不正な形式のヘッダー行を送信しました",
    "the server sent a carriage return that does not end a line": "サーバーが行末ではない位置に CR（復帰）を送信しました",
    "the server sent an invalid Content-Length": "サーバーが無効な Content-Length を送信しました",
    "the server sent Content-Length more than once": "サーバーが Content-Length を複数回送信しました",
    "the server sent conflicting Content-Length values": "サーバーが矛盾する Content-Length の値を送信しました",
    "the server sent both Transfer-Encoding and Content-Length": "サーバーが Transfer-Encoding と Content-Length の両方を送信しました",
    'the server used the transfer coding "%1"; only "chunked" is accepted':
        'サーバーが転送コーディング "%1" を使用しました。使用できるのは "chunked" だけです',
    "the server sent a malformed chunk size": "サーバーが不正な形式のチャンクサイズを送信しました",
    "the server sent a chunk longer than its size": "サーバーが指定サイズより長いチャンクを送信しました",
    "the server sent more chunk framing than data": "サーバーがデータよりも多くのチャンク区切りを送信しました",
    "the response is larger than %1 bytes": "応答が %1 バイトを超えています",
    "the connection closed in the middle of the response": "応答の途中で接続が切断されました",
    # IdentityGrant / JsonReader / RunSpec fragments (they follow "field '%1' ")
    "is empty": "が空です",
    "is later than expires_at": "が expires_at より後です",
    "field '%1' %2": "フィールド「%1」%2",
    "is missing": "がありません",
    "has the wrong type (expected a string)": "の型が正しくありません（文字列である必要があります）",
    "has the wrong type (expected a string or null)": "の型が正しくありません（文字列または null である必要があります）",
    "is out of range": "が範囲外です",
    "has the wrong type (expected an integer)": "の型が正しくありません（整数である必要があります）",
    "is out of range (%1, expected %2 to %3)": "が範囲外です（%1。%2〜%3 である必要があります）",
    "is not an RFC 3339 time": "が RFC 3339 形式の時刻ではありません",
    "has the wrong type (expected an object)": "の型が正しくありません（オブジェクトである必要があります）",
    "has the wrong type (expected an object or null)": "の型が正しくありません（オブジェクトまたは null である必要があります）",
    "has the wrong type (expected an array)": "の型が正しくありません（配列である必要があります）",
    "is not an identifier of the form %1<32 hex digits>": "が %1<16 進数 32 桁> 形式の識別子ではありません",
    "does not have the shape %1": "が %1 の形式ではありません",
    "is not pinned by digest (expected name@sha256:<64 hex> or a local image id sha256:<64 hex>; a tag alone is refused)":
        "がダイジェストで固定されていません（name@sha256:<64 hex> またはローカルイメージ ID sha256:<64 hex> が必要です。タグだけの指定は拒否されます）",
    "is empty (a program to run is required)": "が空です（実行するプログラムが必要です）",
    "contains a NUL character": "に NUL 文字が含まれています",
    "is empty (the program to run)": "が空です（実行するプログラムを指定してください）",
    "is not a valid environment variable name (it must match [A-Za-z_][A-Za-z0-9_]*: letters, digits and '_', not starting with a digit)":
        "は有効な環境変数名ではありません（[A-Za-z_][A-Za-z0-9_]* に一致する必要があります: 英字、数字、'_' のみで、先頭は数字以外）",
    "contains a NUL character, which an environment variable cannot hold": "に NUL 文字が含まれています。環境変数には NUL 文字を含められません",
    "contains a line break (CR or LF), which an environment variable of a run may not hold":
        "に改行（CR または LF）が含まれています。実行の環境変数には改行を含められません",
    "brings the number of uploaded files above the limit of %1": "により、アップロードするファイルの数が上限の %1 を超えます",
    "appears twice in the same mount": "が同じマウント内に 2 回出現しています",
    "is not valid base64": "が有効な base64 ではありません",
    "brings the uploaded files above the limit of %1 bytes in total": "により、アップロードするファイルの合計が上限の %1 バイトを超えます",
    "is longer than %1 characters": "が %1 文字を超えています",
    "contains a backslash": "にバックスラッシュが含まれています",
    "is absolute": "が絶対パスです",
    "has an empty segment": "に空のセグメントがあります",
    "has a '..' segment": "に '..' セグメントがあります",
    "has a '.' segment": "に '.' セグメントがあります",
    "is not an absolute path": "が絶対パスではありません",
    "has the wrong type (expected a content block object)": "の型が正しくありません（コンテンツブロックのオブジェクトである必要があります）",
    # InstanceLock
    "Another Checkfu Runner (pid %1) is already running with this machine's credential. Stop it first (or use the tray); two at once would get the credential revoked as a clone.":
        "別の Checkfu Runner（pid %1）がこのマシンの認証情報ですでに実行中です。先にそれを停止してください（またはトレイを使用してください）。2 つを同時に実行すると、クローンとみなされて認証情報が取り消されます。",
    "Another Checkfu Runner is already running with this machine's credential (lock %1). Stop it first.":
        "別の Checkfu Runner がこのマシンの認証情報ですでに実行中です（ロック %1）。先にそれを停止してください。",
})
J.update({
    # runnercore (free functions)
    "the settings file holds a Cursor tuple, but the credential store (%1) has no Cursor API key; the Cursor lane is off":
        "設定ファイルには Cursor の設定がありますが、認証情報ストア（%1）に Cursor API キーがありません。Cursor レーンはオフです",
    "the Cursor API key could not be read, so the Cursor lane is off: %1": "Cursor API キーを読み取れなかったため、Cursor レーンはオフです: %1",
    "the Cursor tuple in the settings file cannot be used, so the Cursor lane is off: %1":
        "設定ファイルの Cursor の設定を使用できないため、Cursor レーンはオフです: %1",
    "%1 is not a directory. Remove it (or point XDG_RUNTIME_DIR at a directory of your own) and start again.":
        "%1 はディレクトリではありません。削除（または XDG_RUNTIME_DIR を自分専用のディレクトリに設定）してから、もう一度起動してください。",
    "%1 belongs to another user (uid %2, not %3), who could then reach this Runner's lock and socket. Remove it (or point XDG_RUNTIME_DIR at a directory of your own) and start again.":
        "%1 は別のユーザー（uid %2。%3 ではありません）の所有で、そのユーザーがこのランナーのロックとソケットにアクセスできてしまいます。削除（または XDG_RUNTIME_DIR を自分専用のディレクトリに設定）してから、もう一度起動してください。",
    "%1 has mode %2, so other users can enter it. It must be yours alone: chmod 700 %1 (or remove it) and start again.":
        "%1 のモードは %2 のため、ほかのユーザーが中に入れます。自分専用にする必要があります。chmod 700 %1 を実行（または削除）してから、もう一度起動してください。",
    "--code: %1": "--code: %1",
    "--label is empty. Give a display name for this machine, or leave --label out to use the host name.":
        "--label が空です。このマシンの表示名を指定するか、ホスト名を使う場合は --label を省略してください。",
    "--label contains a line break or control character. Use a plain one-line name.":
        "--label に改行または制御文字が含まれています。1 行の通常の名前にしてください。",
    "--sandbox: unknown sandbox tier %1. Use one of: host-process, bubblewrap, docker, none.":
        "--sandbox: 不明なサンドボックスレベル %1 です。host-process、bubblewrap、docker、none のいずれかを指定してください。",
    "%1 is set but empty; it must be exactly true or false. Set it to true or false, or unset it.":
        "%1 は設定されていますが空です。値は true または false である必要があります。true か false に設定するか、設定を解除してください。",
    "%1 is %2; it must be exactly true or false (lower case, no spaces). Set it to true or false, or unset it.":
        "%1 が %2 になっています。値は true または false（小文字、空白なし）である必要があります。true か false に設定するか、設定を解除してください。",
    "%1 is too large; the maximum is 2147483647 milliseconds. Give a smaller number of milliseconds, or unset it.":
        "%1 が大きすぎます。最大値は 2147483647 ミリ秒です。より小さいミリ秒数を指定するか、設定を解除してください。",
    "%1 is %2; it must be a positive whole number of milliseconds, digits only (e.g. 600000). Fix the value, or unset it.":
        "%1 が %2 になっています。値は数字だけで表した正の整数のミリ秒（例: 600000）である必要があります。値を修正するか、設定を解除してください。",
    "The Cursor lane is incomplete; not set: %1. Set these too, or unset the other Cursor variables.":
        "Cursor レーンの設定が不完全です。未設定: %1。これらも設定するか、ほかの Cursor 変数の設定を解除してください。",
    "%1 is set but empty. Give it a value, or unset all four Cursor variables.":
        "%1 は設定されていますが空です。値を指定するか、4 つの Cursor 変数すべての設定を解除してください。",
    "%1 does not have the expected shape hprof_<32 lower-case hex digits>@<version> (e.g. hprof_0123456789abcdef0123456789abcdef@1). Copy the profile version exactly.":
        "%1 が想定した形式 hprof_<小文字の 16 進数 32 桁>@<バージョン>（例: hprof_0123456789abcdef0123456789abcdef@1）ではありません。プロファイルバージョンを正確にコピーしてください。",
    "%1 does not have the expected shape sha256:<64 lower-case hex digits>. Copy the release digest exactly.":
        "%1 が想定した形式 sha256:<小文字の 16 進数 64 桁> ではありません。リリースダイジェストを正確にコピーしてください。",
    "--credential-store is %1; use keychain or file.": "--credential-store が %1 になっています。keychain または file を指定してください。",
    "--slots is %1; use a whole number from 1 to 64.": "--slots が %1 になっています。1〜64 の整数を指定してください。",
    "not given": "指定なし",
    "on": "オン",
    "off": "オフ",
    "The run asks for %1 %2; this machine offers: %3 (providers considered: %4).":
        "実行は%1 %2 を要求していますが、このマシンが提供するのは %3 です（検討したプロバイダー: %4）。",
    "This machine could realise it, but its enrollment ceiling does not allow it.":
        "このマシンでは実現できますが、登録時の上限で許可されていません。",
    "%1 not available": "%1 は使用できません",
    "The run asks for %1; this machine allows (within its enrollment ceiling) %2.":
        "実行は %1 を要求していますが、このマシンが（登録時の上限内で）許可するのは %2 です。",
    "%1 takes at most %2": "%1 は最大 %2",
    "The run asks for %1 mount(s) of kind %2; within its enrollment ceiling this machine offers mount kinds: %3 (%4).":
        "実行は種類 %2 のマウントを %1 個要求していますが、このマシンが登録時の上限内で提供するマウントの種類は %3 です（%4）。",
    "The run asks for model %1 from provider %2 (kind %3) with harness profile %4 and release digest %5":
        "実行は、プロバイダー %2 のモデル %1（種類 %3）を、ハーネスプロファイル %4、リリースダイジェスト %5 で要求しています",
    "null": "null",
    "; this machine has no Cursor lane configured.": "。このマシンには Cursor レーンが設定されていません。",
    "; this machine's Cursor lane is model %1 from provider 'cursor' with harness profile %2 and release digest %3.":
        "。このマシンの Cursor レーンは、プロバイダー 'cursor' のモデル %1、ハーネスプロファイル %2、リリースダイジェスト %3 です。",
    "image %1": "イメージ %1",
    "a launch of kind %1, not a container": "コンテナーではない種類 %1 の起動",
    "; the Cursor key goes only into a container of the harness image pinned to that release digest: launch.image must be <name>@%1 (or the local image id %1), but the run asks for %2.":
        "。Cursor キーは、そのリリースダイジェストに固定されたハーネスイメージのコンテナーにだけ渡されます。launch.image は <name>@%1（またはローカルイメージ ID %1）である必要がありますが、実行が要求しているのは %2 です。",
    "; this machine's Cursor lane matches, but no enabled sandbox provider allowed by the enrollment ceiling advertises that harness-owned model.":
        "。このマシンの Cursor レーンは一致していますが、登録時の上限で許可された有効なサンドボックスプロバイダーのうち、そのハーネス所有のモデルを提示しているものがありません。",
    "stopped cleanly (signed off)": "正常に停止しました（サインオフ済み）",
    "failed (see the message)": "失敗しました（メッセージを参照）",
    "bad command line or configuration": "コマンドラインまたは構成が正しくありません",
    "pairing failed (code not used or refused)": "ペアリングに失敗しました（コードは未使用または拒否）",
    "no credential store answers": "応答する認証情報ストアがありません",
    "another Runner holds this credential": "別のランナーがこの認証情報を使用しています",
    "the --sandbox tier cannot be realised here": "--sandbox のレベルをここでは実現できません",
    "credential revoked by an administrator": "管理者が認証情報を取り消しました",
    "credential fenced: two processes used it (clone)": "認証情報が遮断されました: 2 つのプロセスが使用しました（クローン）",
    "exited on a third interrupt": "3 回目の割り込みで終了しました",
    # AcpDriver
    "the agent wrote a line of more than %1 MiB (%2 bytes so far) to stdout; the run was stopped before it could exhaust memory":
        "エージェントが stdout に %1 MiB を超える行を書き込みました（ここまでで %2 バイト）。メモリを使い果たす前に実行を停止しました",
    "the agent refused initialize: %1 (code %2)": "エージェントが initialize を拒否しました: %1（コード %2）",
    "no protocol version": "プロトコルバージョンなし",
    "ACP protocol version %1": "ACP プロトコルバージョン %1",
    "a protocol version that is not an integer": "整数ではないプロトコルバージョン",
    "the agent answered initialize with %1; this Runner speaks ACP protocol version %2 only, so it disconnected":
        "エージェントが initialize に %1 で応答しました。このランナーは ACP プロトコルバージョン %2 にのみ対応しているため、切断しました",
    "the agent refused session/new: %1 (code %2)": "エージェントが session/new を拒否しました: %1（コード %2）",
    "the agent answered session/new without a sessionId": "エージェントが sessionId なしで session/new に応答しました",
    "the agent answered session/prompt with an error: %1 (code %2)": "エージェントが session/prompt にエラーで応答しました: %1（コード %2）",
    "the agent answered session/prompt without a stopReason": "エージェントが stopReason なしで session/prompt に応答しました",
    "a prompt directive without a turn_id or content blocks was ignored": "turn_id またはコンテンツブロックのないプロンプト指示を無視しました",
    "a prompt directive (turn %1) arrived after close and was ignored": "クローズ後に届いたプロンプト指示（ターン %1）を無視しました",
    "a decision for approval %1, which is not pending, was ignored": "保留中ではない承認 %1 に対する判断を無視しました",
    'the decision for approval %1 names option "%2", which was not offered (offered: %3); ignored':
        '承認 %1 に対する判断が、提示されていないオプション "%2" を指定しています（提示したもの: %3）。無視しました',
    'a decision for approval %1 has the outcome "%2"; it must be selected or cancelled; ignored':
        '承認 %1 に対する判断の結果が "%2" です。selected または cancelled である必要があります。無視しました',
    "unknown sessionId": "不明な sessionId",
    "the agent asked for permission while %1 requests were already waiting for a decision, the most the Runner keeps per run; the request was answered cancelled":
        "判断待ちの要求がすでに %1 件（ランナーが 1 つの実行で保持できる上限）ある状態で、エージェントが許可を求めました。この要求には cancelled で応答しました",
    "the agent keeps asking for permission beyond %1 pending requests; further ones are answered cancelled without a warning":
        "保留中の要求が %1 件を超えても、エージェントが許可を求め続けています。以降の要求には警告なしで cancelled で応答します",
    "session/request_permission needs at least one option": "session/request_permission には少なくとも 1 つのオプションが必要です",
    "the agent asked for permission without offering any option": "エージェントがオプションを提示せずに許可を求めました",
    '"line" and "limit" must be non-negative integers': '"line" と "limit" は 0 以上の整数である必要があります',
    '"content" must be a string': '"content" は文字列である必要があります',
    "method not found: %1": "メソッドが見つかりません: %1",
    "the agent wrote a line that is not a JSON-RPC message to stdout (%1 bytes, %2); it was skipped":
        "エージェントが JSON-RPC メッセージではない行を stdout に書き込みました（%1 バイト、%2）。スキップしました",
    "the agent keeps writing lines that are not JSON-RPC messages; further ones are skipped without a warning":
        "エージェントが JSON-RPC メッセージではない行を書き込み続けています。以降は警告なしでスキップします",
    "the agent exited": "エージェントが終了しました",
    # Admission
    "The run spec is invalid: %1": "実行の仕様が無効です: %1",
    "The run asks for tier %1, but no sandbox provider is enabled on this machine.":
        "実行はレベル %1 を要求していますが、このマシンでは有効なサンドボックスプロバイダーがありません。",
    "The run asks for tier %1, but the enrollment ceiling allows none of this machine's sandbox providers (%2).":
        "実行はレベル %1 を要求していますが、登録時の上限ではこのマシンのサンドボックスプロバイダー（%2）はどれも許可されていません。",
    "tier": "レベル",
    "network": "ネットワーク",
    "retention": "保持",
    "launch kind": "起動の種類",
    "harness driver": "ハーネスドライバー",
    # DockerProvider
    "not checked yet": "まだ確認していません",
    "no Docker daemon answers: %1": "応答する Docker デーモンがありません: %1",
    "the run has no image or no argv": "実行にイメージまたは argv がありません",
    "the mount target %1 cannot be used with docker (it must be absolute, without ':' or ',')":
        "マウント先 %1 は docker では使用できません（':' や ',' を含まない絶対パスである必要があります）",
    "the environment variable %1 contains a line break, which docker cannot pass":
        "環境変数 %1 に改行が含まれています。docker は改行を渡せません",
    "cannot write the container's environment file in %1": "%1 にコンテナーの環境変数ファイルを書き込めません",
})
J.update({
    # Doctor
    "no endpoint configured": "エンドポイントが設定されていません",
    "pass --endpoint URL or set %1": "--endpoint URL を指定するか、%1 を設定してください",
    "%1 does not answer: %2": "%1 が応答しません: %2",
    "check the URL, your network, and that the control plane is running":
        "URL とネットワークを確認し、コントロールプレーンが動作していることを確かめてください",
    "%1 serves protocol %2": "%1 はプロトコル %2 を提供しています",
    "%1 does not serve protocol %2 (it serves %3)": "%1 はプロトコル %2 を提供していません（提供しているのは %3）",
    "update checkfu-runner or the control plane": "checkfu-runner またはコントロールプレーンを更新してください",
    "the server sent no Date header; skew unknown": "サーバーが Date ヘッダーを送信しなかったため、時刻のずれは不明です",
    "this clock is %1 s off the server's": "この時計はサーバーと %1 秒ずれています",
    "enable network time synchronisation": "ネットワーク時刻同期を有効にしてください",
    "within 60 s of the server (%1 s)": "サーバーとのずれは 60 秒以内です（%1 秒）",
    "Workspace Runner key from %1": "%1 のワークスペースランナーキー",
    "this machine is not paired": "このマシンはペアリングされていません",
    "get a pairing code and run checkfu-runner start --code CFU-…": "ペアリングコードを入手して次を実行してください: checkfu-runner start --code CFU-…",
    "no credential": "認証情報なし",
    "runner %1: not readable from the %2": "ランナー %1: %2 から読み取れません",
    "runner %1, stored in the %2": "ランナー %1、%2 に保存済み",
    "needs the exchange": "トークン交換が必要です",
    "a running Runner (pid %1) holds this credential; not exchanging, so it is not fenced as a clone":
        "実行中のランナー（pid %1）がこの認証情報を使用しています。クローンとして遮断されないよう、トークン交換は行いません",
    "its state is in its log and the tray; stop it to run this check":
        "その状態はログとトレイで確認できます。このチェックを実行するには、そのランナーを停止してください",
    "no answer within 10 s": "10 秒以内に応答がありません",
    "check the control plane": "コントロールプレーンを確認してください",
    "workload identity for runner %1, generation %2": "ランナー %1 のワークロード ID（世代 %2）",
    "%n live presence(s) visible": ["有効なプレゼンスが %n 件見えます"],
    "cannot list presences: %1": "プレゼンスを一覧表示できません: %1",
    "checkfu-run-reaper is missing: every run would fail to launch": "checkfu-run-reaper が見つかりません。すべての実行の起動に失敗します",
    "Reinstall the Runner: checkfu-run-reaper belongs next to %1.": "ランナーを再インストールしてください。checkfu-run-reaper は %1 と同じ場所に必要です。",
    "enabled: runs use this machine's own network, with no container isolation":
        "有効: 実行はコンテナーによる分離なしで、このマシンのネットワークを使用します",
    "disabled by --sandbox or %1": "--sandbox または %1 により無効",
    "none: a bubblewrap run sees only the system directories and its own directory, so a harness installed under the home directory is refused":
        "なし: bubblewrap の実行から見えるのはシステムのディレクトリと実行自身のディレクトリだけなので、ホームディレクトリ以下にインストールしたハーネスは拒否されます",
    "allow its directory with --bubblewrap-read-only, %1 or the tray's Settings":
        "--bubblewrap-read-only、%1、またはトレイの「設定」でそのディレクトリを許可してください",
    "%1 (from %2), read-only inside the sandbox; any other path outside the system directories is hidden":
        "%1（%2 から）、サンドボックス内では読み取り専用。システムのディレクトリ以外のほかのパスは見えません",
    "complete: profile %1, model %2": "設定済み: プロファイル %1、モデル %2",
    "not configured (no Cursor variables, and no Cursor tuple in the settings file with its key stored)":
        "未設定（Cursor 変数がなく、キーが保存された Cursor の設定も設定ファイルにありません）",
    "%1 at once": "同時に %1",
    "%1 ms for runs that set none": "指定のない実行には %1 ミリ秒",
    "not set: only runs that set one have one": "未設定: 自身で指定した実行にのみ適用されます",
    # EndpointPolicy
    "%1 is empty. Give the control plane URL, e.g. %2.": "%1 が空です。コントロールプレーンの URL を指定してください（例: %2）。",
    "%1 contains a space, control character or backslash. Give a plain URL such as %2.":
        "%1 に空白、制御文字、またはバックスラッシュが含まれています。%2 のような通常の URL を指定してください。",
    "%1 is not a URL. Give the control plane URL with its scheme, e.g. %2.":
        "%1 は URL ではありません。コントロールプレーンの URL をスキーム付きで指定してください（例: %2）。",
    "%1 uses the scheme '%2'; only https:// is supported (http:// only for a loopback host). Give a URL such as %3.":
        "%1 はスキーム '%2' を使用しています。サポートされているのは https:// だけです（http:// はループバックのホストに限ります）。%3 のような URL を指定してください。",
    "%1 contains a user name or password (the part before '@'). Remove it: the Runner authenticates with its own credential.":
        "%1 にユーザー名またはパスワード（'@' の前の部分）が含まれています。削除してください。ランナーは自身の認証情報で認証します。",
    "%1 contains a query ('?') or fragment ('#'). Give only the scheme, host, port and path, e.g. %2.":
        "%1 にクエリ（'?'）またはフラグメント（'#'）が含まれています。スキーム、ホスト、ポート、パスだけを指定してください（例: %2）。",
    "%1 has an IPv6 address without its closing ']'. Write it as e.g. http://[::1]:8080.":
        "%1 の IPv6 アドレスに閉じ括弧 ']' がありません。http://[::1]:8080 のように記述してください。",
    "%1 has text after the IPv6 address. Write it as e.g. http://[::1]:8080.":
        "%1 の IPv6 アドレスの後に余分な文字があります。http://[::1]:8080 のように記述してください。",
    "%1 has no host. Give the control plane URL, e.g. %2.": "%1 にホストがありません。コントロールプレーンの URL を指定してください（例: %2）。",
    "%1 has an invalid port. Use a number from 1 to 65535, or leave the port out.":
        "%1 のポートが無効です。1〜65535 の数値を指定するか、ポートを省略してください。",
    "%1 uses plain http:// with the host '%2', which is not a loopback address. Use https://, or http:// only with 127.0.0.1 (any 127.x.x.x), [::1] or localhost.":
        "%1 はループバックアドレスではないホスト '%2' に対して暗号化なしの http:// を使用しています。https:// を使用してください。http:// は 127.0.0.1（127.x.x.x 全般）、[::1]、localhost でのみ使用できます。",
    "%1 is not a valid URL. Check the host name and path, e.g. %2.": "%1 は有効な URL ではありません。ホスト名とパスを確認してください（例: %2）。",
    # FileCredentialStore
    "No directory was configured for the file credential store.": "ファイル認証情報ストアのディレクトリが設定されていません。",
    "Cannot create the directory %1 for the file credential store: check that you may write there.":
        "ファイル認証情報ストア用のディレクトリ %1 を作成できません。その場所への書き込み権限があるか確認してください。",
    "Cannot create the credential directory %1: %2.": "認証情報ディレクトリ %1 を作成できません: %2。",
    "The credential directory %1 is a symbolic link; the Runner only uses a real directory. Remove the link (rm %1) and store the credential again.":
        "認証情報ディレクトリ %1 はシンボリックリンクです。ランナーは実際のディレクトリしか使用しません。リンクを削除（rm %1）して、認証情報をもう一度保存してください。",
    "The credential directory %1 is not a directory. Move it away and store the credential again.":
        "認証情報ディレクトリ %1 はディレクトリではありません。別の場所に移動して、認証情報をもう一度保存してください。",
    "Cannot open the credential directory %1: %2.": "認証情報ディレクトリ %1 を開けません: %2。",
    "Cannot inspect the credential directory %1: %2.": "認証情報ディレクトリ %1 を調べられません: %2。",
    "The credential directory %1 is owned by uid %2, not by you (uid %3), so it cannot be trusted. Remove it, or fix it with: chown %3 %1 && chmod 700 %1":
        "認証情報ディレクトリ %1 の所有者はあなた（uid %3）ではなく uid %2 のため、信頼できません。削除するか、次のコマンドで修正してください: chown %3 %1 && chmod 700 %1",
    "The credential directory %1 has mode %2, so other users can reach it; it must be 0700. Fix it with: chmod 700 %1":
        "認証情報ディレクトリ %1 のモードは %2 のため、ほかのユーザーがアクセスできます。0700 である必要があります。次のコマンドで修正してください: chmod 700 %1",
    "No credential is stored for this Runner in %1: pair it again.": "%1 にこのランナーの認証情報が保存されていません。もう一度ペアリングしてください。",
    "The credential file %1 is a symbolic link; the Runner never follows links to a secret. Remove it (rm %1) and pair again.":
        "認証情報ファイル %1 はシンボリックリンクです。ランナーは秘密情報へのリンクをたどりません。削除（rm %1）して、もう一度ペアリングしてください。",
    "Cannot open the credential file %1: %2.": "認証情報ファイル %1 を開けません: %2。",
    "Cannot inspect the credential file %1: %2.": "認証情報ファイル %1 を調べられません: %2。",
    "The credential file %1 is not a regular file. Remove it (rm %1) and pair again.":
        "認証情報ファイル %1 は通常のファイルではありません。削除（rm %1）して、もう一度ペアリングしてください。",
    "The credential file %1 is owned by uid %2, not by you (uid %3), so it cannot be trusted. Remove it (rm %1) and pair again.":
        "認証情報ファイル %1 の所有者はあなた（uid %3）ではなく uid %2 のため、信頼できません。削除（rm %1）して、もう一度ペアリングしてください。",
    "The credential file %1 has mode %2; it must be 0600 (readable only by you). If you did not change it on purpose, treat the credential as exposed: remove the file and pair again. Otherwise fix it with: chmod 600 %1":
        "認証情報ファイル %1 のモードは %2 です。0600（あなただけが読み取り可能）である必要があります。意図して変更したのでなければ、認証情報が漏えいしたものとして扱い、ファイルを削除してもう一度ペアリングしてください。そうでなければ、次のコマンドで修正してください: chmod 600 %1",
    "The credential file %1 is too large to be a credential. Remove it (rm %1) and pair again.":
        "認証情報ファイル %1 は認証情報としては大きすぎます。削除（rm %1）して、もう一度ペアリングしてください。",
    "Cannot read the credential file %1: %2.": "認証情報ファイル %1 を読み取れません: %2。",
    "The credential file %1 is damaged or from an unknown version. Remove it (rm %1) and pair again.":
        "認証情報ファイル %1 は破損しているか、不明なバージョンのものです。削除（rm %1）して、もう一度ペアリングしてください。",
    "Cannot create a file in the credential directory %1: %2.": "認証情報ディレクトリ %1 にファイルを作成できません: %2。",
    "Cannot write the credential file in %1: %2.": "%1 に認証情報ファイルを書き込めません: %2。",
    "Cannot put the credential file %1 in place: %2.": "認証情報ファイル %1 を配置できません: %2。",
    "Cannot remove the credential file %1: %2.": "認証情報ファイル %1 を削除できません: %2。",
    # HarnessDriver
    'the directive "%1" does not apply to a %2 run; ignored': '指示 "%1" は %2 の実行には適用されません。無視しました',
    # HttpExchange
    "refusing to send the %1 header: its value holds a line break, NUL or another control character":
        "%1 ヘッダーの送信を拒否しました: 値に改行、NUL などの制御文字が含まれています",
    "refusing to send a request whose method or target holds a space or control character":
        "メソッドまたはターゲットに空白や制御文字を含む要求の送信を拒否しました",
    "no answer within %1 s": "%1 秒以内に応答がありません",
    "the response did not complete within %1 s": "応答が %1 秒以内に完了しませんでした",
    "TLS: %1": "TLS: %1",
    "the server closed the connection without answering": "サーバーが応答せずに接続を閉じました",
    # JsonRpcConnection
    "not JSON (%1)": "JSON ではありません（%1）",
    "a JSON array (batches are not part of ACP)": "JSON 配列（バッチは ACP の仕様に含まれません）",
    "not a JSON object": "JSON オブジェクトではありません",
    '"method" is not a string': '"method" が文字列ではありません',
    '"method" must be a non-empty string': '"method" は空でない文字列である必要があります',
    '"params" must be an object': '"params" はオブジェクトである必要があります',
    "a response to no request of ours": "こちらから送っていない要求への応答",
    "an error without a message": "メッセージのないエラー",
})
J.update({
    # KeychainCredentialStore
    "No credential is stored for this Runner in the system keychain (Secret Service): pair it again.":
        "システムのキーチェーン（Secret Service）にこのランナーの認証情報が保存されていません。もう一度ペアリングしてください。",
    "no session D-Bus, DBUS_SESSION_BUS_ADDRESS is not set": "セッション D-Bus がありません。DBUS_SESSION_BUS_ADDRESS が設定されていません",
    "cannot connect to the session D-Bus at %1: %2": "%1 のセッション D-Bus に接続できません: %2",
    "nothing provides %1 on the session D-Bus": "セッション D-Bus 上で %1 を提供するものがありません",
    "%1 could not be started on the session D-Bus": "セッション D-Bus 上で %1 を起動できませんでした",
    "the keyring has no default collection yet (no login keyring)": "キーリングに既定のコレクションがまだありません（ログインキーリングがありません）",
    "No system keychain answered (Secret Service: %1): unlock or start your keyring (e.g. gnome-keyring or KWallet), or opt in to the file store with --credential-store file.":
        "システムのキーチェーンが応答しません（Secret Service: %1）。キーリング（gnome-keyring や KWallet など）のロックを解除するか起動してください。または --credential-store file でファイルストアを選択してください。",
    "The system keychain (Secret Service) refused access: the keyring holding the Runner's credential is locked. Unlock it (e.g. in Seahorse, or by logging in to your desktop session) and try again.":
        "システムのキーチェーン（Secret Service）がアクセスを拒否しました。ランナーの認証情報を保持するキーリングがロックされています。ロックを解除して（Seahorse を使うか、デスクトップセッションにログインするなど）、もう一度お試しください。",
    "The system keychain (Secret Service) refused access (%1): unlock your keyring, or allow Checkfu Runner when it asks, and try again.":
        "システムのキーチェーン（Secret Service）がアクセスを拒否しました（%1）。キーリングのロックを解除するか、確認を求められたら Checkfu Runner を許可して、もう一度お試しください。",
    "The system keychain (Secret Service) could not read the Runner's credential (%1). Check your keyring (e.g. with Seahorse or secret-tool) and try again.":
        "システムのキーチェーン（Secret Service）がランナーの認証情報を読み取れませんでした（%1）。キーリングを確認して（Seahorse や secret-tool などで）、もう一度お試しください。",
    "The system keychain (Secret Service) could not store the Runner's credential (%1). Check your keyring (e.g. with Seahorse or secret-tool), or opt in to the file store with --credential-store file.":
        "システムのキーチェーン（Secret Service）がランナーの認証情報を保存できませんでした（%1）。キーリングを確認するか（Seahorse や secret-tool などで）、--credential-store file でファイルストアを選択してください。",
    'The system keychain (Secret Service) could not remove the Runner\'s credential (%1). Remove the entry for service "%2" by hand (e.g. in Seahorse) if it is still there.':
        'システムのキーチェーン（Secret Service）がランナーの認証情報を削除できませんでした（%1）。サービス "%2" のエントリーが残っている場合は、手動で削除してください（Seahorse などで）。',
    # OneshotDriver
    "the harness wrote invalid UTF-8 to %1; it was replaced with U+FFFD": "ハーネスが %1 に無効な UTF-8 を書き込みました。U+FFFD に置き換えました",
    # PairingCode
    "The pairing code is empty. Paste the code your admin gave you; it looks like CFU-XXXX-XXXX-XXXX.":
        "ペアリングコードが空です。管理者から受け取ったコード（CFU-XXXX-XXXX-XXXX の形式）を貼り付けてください。",
    "The pairing code must start with CFU- (it looks like CFU-XXXX-XXXX-XXXX). Copy the whole code your admin gave you.":
        "ペアリングコードは CFU- で始まる必要があります（CFU-XXXX-XXXX-XXXX の形式）。管理者から受け取ったコード全体をコピーしてください。",
    "The pairing code contains %1, which is not used in pairing codes (allowed: 0-9 and A-Z without I, L, O, U). Check the code your admin gave you.":
        "ペアリングコードに、ペアリングコードでは使われない %1 が含まれています（使用できる文字: 0-9 と、I、L、O、U を除く A-Z）。管理者から受け取ったコードを確認してください。",
    "The pairing code has %n character(s) after CFU-, expected 12. Check that you copied the whole code.":
        ["ペアリングコードの CFU- の後が %n 文字です（12 文字である必要があります）。コード全体をコピーしたか確認してください。"],
    "The pairing code has a hyphen in the wrong place. Groups are four characters: CFU-XXXX-XXXX-XXXX.":
        "ペアリングコードのハイフンの位置が正しくありません。各グループは 4 文字です: CFU-XXXX-XXXX-XXXX。",
    "(invalid pairing code)": "（無効なペアリングコード）",
    # PrivateDirectory
    "Cannot create the directory %1: %2.": "ディレクトリ %1 を作成できません: %2。",
    "%1 is a symbolic link, which another user could point anywhere. Remove it and start again.":
        "%1 はシンボリックリンクで、ほかのユーザーが任意の場所を指すように変更できます。削除してから、もう一度起動してください。",
    "Cannot open the directory %1: %2.": "ディレクトリ %1 を開けません: %2。",
    "Cannot inspect the directory %1: %2.": "ディレクトリ %1 を調べられません: %2。",
    "Cannot inspect %1: %2.": "%1 を調べられません: %2。",
    "%1 is not a regular file (a symbolic link or something else put in its place). Remove it and start again.":
        "%1 は通常のファイルではありません（シンボリックリンクなどが代わりに置かれています）。削除してから、もう一度起動してください。",
    "%1 belongs to another user (uid %2). Remove it and start again.": "%1 は別のユーザー（uid %2）の所有です。削除してから、もう一度起動してください。",
    # Runner
    "No control plane endpoint: pass --endpoint URL or set %1.":
        "コントロールプレーンのエンドポイントがありません。--endpoint URL を指定するか、%1 を設定してください。",
    "This computer's clock is %1 s %2 the control plane's. Token times are corrected for it, but set the clock right (enable network time).":
        "このコンピューターの時計はコントロールプレーンより %1 秒%2います。トークンの時刻はこれに合わせて補正されますが、時計を正しく合わせてください（ネットワーク時刻を有効にしてください）。",
    "behind": "遅れて",
    "ahead of": "進んで",
    "No sandbox provider is enabled (see --sandbox and %1): this Runner stays connected but takes no work.":
        "有効なサンドボックスプロバイダーがありません（--sandbox と %1 を参照）。このランナーは接続を維持しますが、作業は受け付けません。",
    "The pairing code was not used: %1": "ペアリングコードは使用されませんでした: %1",
    "Redeeming pairing code %1": "ペアリングコード %1 を使用しています",
    "Cannot reach the control plane (%1). Retrying in %2 s.": "コントロールプレーンに接続できません（%1）。%2 秒後に再試行します。",
    "Paired, but the credential could not be stored (%1). This session works; after a restart you will need a new pairing code.":
        "ペアリングしましたが、認証情報を保存できませんでした（%1）。現在のセッションは動作しますが、再起動後は新しいペアリングコードが必要です。",
    "This machine is not paired yet. Ask your administrator for a pairing code, then run checkfu-runner start --endpoint URL --code CFU-XXXX-XXXX-XXXX.":
        "このマシンはまだペアリングされていません。管理者にペアリングコードを依頼してから、checkfu-runner start --endpoint URL --code CFU-XXXX-XXXX-XXXX を実行してください。",
    "This machine is paired with %1, not %2. Leave out --endpoint to use the pairing, or pair with a code for %2 (it replaces the current pairing).":
        "このマシンは %2 ではなく %1 とペアリングされています。そのペアリングを使う場合は --endpoint を省略するか、%2 用のコードでペアリングしてください（現在のペアリングは置き換えられます）。",
    "This machine's credential (runner %1) is not in the %2. Pair again with a new code.":
        "このマシンの認証情報（ランナー %1）が %2 にありません。新しいコードでもう一度ペアリングしてください。",
    "Connecting to %1": "%1 に接続しています",
    "Connected; taking no new work": "接続済み。新しい作業は受け付けていません",
    "Connected to %1": "%1 に接続しました",
    "The Workspace key in %1 is dead; ask for a new one.": "%1 のワークスペースキーは無効になっています。新しいキーを依頼してください。",
    "Stopping: signing off": "停止処理中: サインオフしています",
    "Stopping: finishing %n owned run(s), then signing off": ["停止処理中: 担当している %n 件の実行を終えてからサインオフします"],
    "Stopped and signed off": "停止してサインオフしました",
    # RunnerConfig
    "endpoint: not given (stored settings apply)": "エンドポイント: 指定なし（保存済みの設定を使用）",
    "endpoint: %1 (from %2)": "エンドポイント: %1（%2 から）",
    "pairing code: %1": "ペアリングコード: %1",
    "label: %1": "ラベル: %1",
    "when a daemon answers": "デーモンが応答する場合",
    "required": "必須",
    "sandbox: %1; host-process %2, bubblewrap %3, docker %4": "サンドボックス: %1。host-process %2、bubblewrap %3、docker %4",
    "no sandbox provider is on: this Runner will not claim work": "有効なサンドボックスプロバイダーがありません。このランナーは作業を引き受けません",
    "docker unrestricted network: %1": "docker の無制限ネットワーク: %1",
    "allowed": "許可",
    "not allowed": "不許可",
    "idle timeout: %1": "アイドルタイムアウト: %1",
    "%1 ms": "%1 ミリ秒",
    "default": "既定",
    "cursor lane: profile %1, release %2, model %3, API key set": "Cursor レーン: プロファイル %1、リリース %2、モデル %3、API キー設定済み",
    "cursor lane: not configured": "Cursor レーン: 未設定",
    "workspace token: %1": "ワークスペーストークン: %1",
    "set": "設定済み",
    "credential store: %1": "認証情報ストア: %1",
    "slots: %1": "スロット: %1",
    "bubblewrap read-only paths: %1": "bubblewrap の読み取り専用パス: %1",
    "%1 (from %2)": "%1（%2 から）",
    # RunnerConfigParser
    "Give existing absolute paths separated by ':', e.g. /home/me/.local/bin:/home/me/.nvm.":
        "存在する絶対パスを ':' で区切って指定してください（例: /home/me/.local/bin:/home/me/.nvm）。",
    "%1: a path contains a line break or control character. %2": "%1: パスに改行または制御文字が含まれています。%2",
    "%1: %2 is not an absolute path. %3": "%1: %2 は絶対パスではありません。%3",
    "%1: %2 does not exist. %3": "%1: %2 は存在しません。%3",
    "%1: %2 is the whole file system; the sandbox would show everything. Allow only the directories the harness needs.":
        "%1: %2 はファイルシステム全体です。サンドボックスからすべてが見えてしまいます。ハーネスに必要なディレクトリだけを許可してください。",
    "%1: %2 would show the Runner's own state (%3) to the harness. Allow a narrower path that does not contain it, e.g. the directory the harness is installed in.":
        "%1: %2 を許可すると、ランナー自身の状態（%3）がハーネスから見えてしまいます。それを含まない、より狭いパス（ハーネスのインストール先ディレクトリなど）を許可してください。",
    # RunnerPreferences
    "Cannot write the settings file %1.": "設定ファイル %1 に書き込めません。",
    "profile version": "プロファイルバージョン",
    "release digest": "リリースダイジェスト",
    "model": "モデル",
    "The Cursor lane needs all four fields or none; missing: %1.": "Cursor レーンには 4 つの欄すべてが必要です（またはすべて空欄）。未入力: %1。",
    "The profile version must look like hprof_<32 lower-case hex digits>@<version>, e.g. hprof_0123456789abcdef0123456789abcdef@1.":
        "プロファイルバージョンは hprof_<小文字の 16 進数 32 桁>@<バージョン> の形式である必要があります（例: hprof_0123456789abcdef0123456789abcdef@1）。",
    "The release digest must look like sha256:<64 lower-case hex digits>.": "リリースダイジェストは sha256:<小文字の 16 進数 64 桁> の形式である必要があります。",
    # SandboxSet
    "bwrap did not answer within %1 s": "bwrap が %1 秒以内に応答しませんでした",
    "cannot run bwrap: %1": "bwrap を実行できません: %1",
    "--sandbox bubblewrap: %1": "--sandbox bubblewrap: %1",
    "--sandbox docker: %1": "--sandbox docker: %1",
    "bubblewrap (host process in its own namespaces, read-only system, network none or unrestricted)":
        "bubblewrap（専用の名前空間内のホストプロセス、読み取り専用のシステム、ネットワークはなしまたは無制限）",
    "bubblewrap unavailable: %1": "bubblewrap は使用できません: %1",
    "docker %1 (containers, network %2)": "docker %1（コンテナー、ネットワーク: %2）",
    "none or unrestricted": "なしまたは無制限",
    "docker off: %1": "docker オフ: %1",
    "host-process (no isolation, the machine's own network)": "host-process（分離なし、このマシンのネットワークを使用）",
    "no sandbox provider enabled": "有効なサンドボックスプロバイダーがありません",
    # Unpairing
    "This machine is not paired; nothing to forget.": "このマシンはペアリングされていないため、破棄するものはありません。",
    "Could not remove the credential: %1": "認証情報を削除できませんでした: %1",
    "The credential was removed, but %1.": "認証情報は削除されましたが、%1。",
    "Forgot runner %1 (credential removed from the %2). An administrator can revoke it on the server side.":
        "ランナー %1 の情報を破棄しました（認証情報を %2 から削除しました）。サーバー側では管理者が取り消すことができます。",
    # WorkspaceFileAccess
    "the run's workspace is not available": "実行のワークスペースを使用できません",
    '"path" must be an absolute path inside %1; got "%2"': '"path" は %1 内の絶対パスである必要があります。指定された値: "%2"',
    "%1 is outside the run's workspace %2; refused": "%1 は実行のワークスペース %2 の外にあります。拒否しました",
    "%1 is more than %2 directories deep; refused": "%1 はディレクトリの深さが %2 を超えています。拒否しました",
    "%1 does not exist": "%1 は存在しません",
    "%1 is a directory": "%1 はディレクトリです",
    "%1 goes through a file as if it were a directory": "%1 はファイルをディレクトリとして扱うパスになっています",
    "%1 leads outside the run's workspace through a symbolic link; refused": "%1 はシンボリックリンクを経由して実行のワークスペースの外を指しています。拒否しました",
    "%1 goes through a symbolic link that points nowhere; refused": "%1 はリンク先のないシンボリックリンクを経由しています。拒否しました",
    "%1 goes through more than %2 symbolic links (a loop?); refused": "%1 は %2 個を超えるシンボリックリンクを経由しています（ループの可能性）。拒否しました",
    "%1 kept changing while the Runner looked it up; try again": "ランナーが参照している間に %1 が変化し続けました。もう一度お試しください",
    "cannot write %1: %2": "%1 に書き込めません: %2",
    "cannot read %1: %2": "%1 を読み取れません: %2",
    "%1 is not a regular file": "%1 は通常のファイルではありません",
    "%1 is larger than %2 MiB, the most the Runner reads for an agent": "%1 は %2 MiB（ランナーがエージェントのために読み取る上限）を超えています",
})

# --- Texts lupdate does not see yet (a local tr() it cannot place) and the CLI's, being added on
# the i18n branch: ready for when the final lupdate run lists them. ---
J.update({
    # PairingWizard (sandboxName), Autostart
    "not chosen": "未選択",
    "host process (no isolation)": "ホストプロセス（分離なし）",
    "bubblewrap": "bubblewrap",
    "Docker only": "Docker のみ",
    "none on this machine (Docker when a daemon answers)": "このマシン上では直接実行しない（デーモンが応答する場合は Docker）",
    "Cannot start %1 at login: it is not an absolute path.": "ログイン時に %1 を起動できません: 絶対パスではありません。",
    "Cannot write %1: %2": "%1 に書き込めません: %2",
    "Cannot remove %1: %2": "%1 を削除できません: %2",
    # AppLanguage (--lang)
    "Language of the messages: %1. Default: the system's language.": "メッセージの言語: %1。既定: システムの言語。",
    "--lang: there is no language '%1'; use one of %2.": "--lang: 言語 '%1' はありません。%2 のいずれかを指定してください。",
    # RunnerCli
    "Control plane URL (https, or http to loopback). Default: %1, then the stored pairing.":
        "コントロールプレーンの URL（https、またはループバック宛ての http）。既定: %1、次に保存済みのペアリング。",
    "Sandbox tier: host-process, bubblewrap, docker or none. Default: the stored setting, else automatic.":
        "サンドボックスレベル: host-process、bubblewrap、docker、none のいずれか。既定: 保存済みの設定、なければ自動。",
    "Where the credential is kept: keychain (default) or file (explicit opt-in, owner-only file).":
        "認証情報の保存先: keychain（既定）または file（明示的に選択した場合のみ。所有者だけが読めるファイル）。",
    "Runs at once (1-64). Default: the stored setting, else 1.": "同時に実行する数（1〜64）。既定: 保存済みの設定、なければ 1。",
    "Paths a bubblewrap sandbox shows read-only, ':'-separated (e.g. where a harness is installed under your home). Repeatable. Default: %1, then the stored setting, else none.":
        "bubblewrap サンドボックスに読み取り専用で見せるパス（':' 区切り。ホーム以下にインストールしたハーネスの場所など）。複数回指定できます。既定: %1、次に保存済みの設定、なければなし。",
    "doctor: print the result as JSON.": "doctor: 結果を JSON で出力します。",
    "Commands:\n  start    pair (with --code) or use the stored pairing, then stay connected until stopped.\n           SIGINT/SIGTERM once: finish owned work and sign off; twice: cancel owned runs;\n           three times: exit at once.\n  doctor   check endpoint, clock, credential, exchange, sandbox tiers, Cursor lane, presences.\n  unpair   forget this machine's credential and pairing.\n":
        "コマンド:\n  start    ペアリング（--code 指定時）または保存済みのペアリングを使い、停止するまで接続を維持します。\n           SIGINT/SIGTERM 1 回目: 担当中の作業を終えてサインオフ。2 回目: 担当中の実行をキャンセル。\n           3 回目: 直ちに終了。\n  doctor   エンドポイント、時計、認証情報、交換、サンドボックスレベル、Cursor レーン、プレゼンスを確認します。\n  unpair   このマシンの認証情報とペアリングを破棄します。\n",
    "Stored settings (the tray's Settings, in the settings file that holds the pairing): the\n  sandbox tier, slots, idle timeout, bubblewrap read-only paths, git cache size and Cursor\n  tuple (its API key in the credential store)\n  apply where flags and environment are silent. A flag wins over a variable, a variable over\n  a stored value; any Cursor variable set takes the whole Cursor lane from the environment.\n":
        "保存済みの設定（トレイの「設定」で変更でき、ペアリングと同じ設定ファイルに保存されます）:\n  サンドボックスレベル、スロット、アイドルタイムアウト、bubblewrap の読み取り専用パス、\n  git キャッシュのサイズ、Cursor の設定（API キーは認証情報ストアに保存）\n  は、フラグと環境変数で指定がない場合に使われます。フラグは環境変数より、環境変数は保存済みの値\n  より優先されます。Cursor の変数を 1 つでも設定すると、Cursor レーン全体が環境変数から取られます。\n",
    "Exit codes:": "終了コード:",
    "checkfu-runner: %1": "checkfu-runner: %1",
    "in the settings file %1: %2": "設定ファイル %1 内: %2",
    "Checkfu Runner: runs Checkfu agent sessions on this machine.": "Checkfu Runner: このマシンで Checkfu エージェントのセッションを実行します。",
    "start, doctor or unpair": "start、doctor、unpair のいずれか",
    "checkfu-runner: name a command (start, doctor, unpair); see --help":
        "checkfu-runner: コマンド（start、doctor、unpair）を指定してください。--help を参照してください",
    "checkfu-runner: unknown command '%1'; use start, doctor or unpair":
        "checkfu-runner: 不明なコマンド '%1' です。start、doctor、unpair のいずれかを指定してください",
    "Start the Runner.": "ランナーを起動します。",
    "checkfu-runner: warning: %1": "checkfu-runner: 警告: %1",
    "checkfu-runner approval: run %1 waits for approval %2; decide at %3":
        "checkfu-runner approval: 実行 %1 が承認 %2 を待っています。%3 で判断してください",
    "the Checkfu dashboard": "Checkfu ダッシュボード",
    "checkfu-runner: stopping: finishing owned work, then signing off (interrupt again to cancel owned runs)":
        "checkfu-runner: 停止処理中: 担当中の作業を終えてからサインオフします（もう一度割り込むと担当中の実行をキャンセルします）",
    "checkfu-runner: cancelling owned runs (interrupt again to exit at once)":
        "checkfu-runner: 担当中の実行をキャンセルしています（もう一度割り込むと直ちに終了します）",
    "checkfu-runner: exiting at once": "checkfu-runner: 直ちに終了します",
    "Check this machine's Runner setup end to end.": "このマシンのランナーの構成を最初から最後まで確認します。",
    "Forget this machine's pairing and stored credential.": "このマシンのペアリングと保存済みの認証情報を破棄します。",
})

# --- The activity view (the "activity" branch) and the Windows note (the "installers" branch):
# texts their branches add, ready for the final lupdate run. ---
J.update({
    # RunActivityView
    "Runs on this machine": "このマシンの実行",
    "No run is going.": "実行中の作業はありません。",
    "Recently ended": "最近終了した実行",
    "Session": "セッション",
    "Outcome": "結果",
    "Reason": "理由",
    "Duration": "所要時間",
    "Open Session": "セッションを開く",
    "Cancel…": "キャンセル…",
    "Driver: %1": "ドライバー: %1",
    "Tier: %1": "レベル: %1",
    "Running for %1": "%1 実行中",
    "The control plane gave no link to this Session": "コントロールプレーンからこのセッションへのリンクが提供されていません",
    # TrayHooks
    "Cancel run": "実行のキャンセル",
    "Cancel “%1”? The harness is stopped and the run ends as cancelled on this machine.":
        "「%1」をキャンセルしますか？ハーネスが停止され、この実行はこのマシン上でキャンセルとして終了します。",
    # TrayPresentation
    "%n run(s) going": "実行中 %n 件",
    "%n run(s)": "%n 件",
    "Show activity…": "アクティビティを表示…",
    "Show activity — %n run(s) going…": "アクティビティを表示 — 実行中 %n 件…",
    "unknown": "不明",
    "untitled run": "無題の実行",
    "%1 s": "%1 秒",
    "%1 min %2 s": "%1 分 %2 秒",
    "%1 h %2 min": "%1 時間 %2 分",
    "Succeeded": "成功",
    "Cancelled": "キャンセル",
    "Refused": "拒否",
    "Given up": "断念",
    "its sandbox tier is not available here": "サンドボックスレベルがこのマシンでは使用できません",
    "its network boundary is not available here": "ネットワークの境界がこのマシンでは使用できません",
    "its retention mode is not available here": "保持モードがこのマシンでは使用できません",
    "its harness driver is not supported": "ハーネスドライバーがサポートされていません",
    "its launch kind is not supported": "起動の種類がサポートされていません",
    "it asks for more resources than allowed": "許可された量を超えるリソースを要求しています",
    "its harness and model do not match": "ハーネスとモデルが一致しません",
    "one of its mounts is not supported": "サポートされていないマウントがあります",
    "its run spec is invalid": "実行の仕様が無効です",
    "the harness exited with an error": "ハーネスがエラーで終了しました",
    "the harness was killed by a signal": "ハーネスがシグナルで強制終了されました",
    "the harness could not be started": "ハーネスを起動できませんでした",
    "the harness was silent too long": "ハーネスの無応答が長すぎました",
    "it ran past its time limit": "制限時間を超えました",
    "cancelled from the dashboard": "ダッシュボードからキャンセルされました",
    "cancelled on this machine": "このマシンでキャンセルされました",
    "the agent ended mid-session": "エージェントがセッションの途中で終了しました",
    "the agent broke the protocol": "エージェントがプロトコルに違反しました",
    "its in-memory buffer filled up during an outage": "接続障害の間にメモリ内のバッファーがいっぱいになりました",
    "the Runner restarted": "ランナーが再起動しました",
    # CodePage (Windows)
    "Pairing recovery is not supported on Windows: if this machine loses its pairing, ask your administrator for a new pairing code.":
        "Windows ではペアリングの復旧はサポートされていません。このマシンのペアリングが失われた場合は、管理者に新しいペアリングコードを依頼してください。",
})

# --- Doctor's check names and lines, translated on the i18n branch (shown in Diagnostics and by
# `checkfu-runner doctor`). ---
J.update({
    "endpoint": "エンドポイント",
    "clock": "時計",
    "credential": "認証情報",
    "exchange": "トークン交換",
    "presences": "プレゼンス",
    "sandbox posture": "サンドボックスの状態",
    "sandbox host-process": "サンドボックス host-process",
    "sandbox bubblewrap": "サンドボックス bubblewrap",
    "bubblewrap read-only paths": "bubblewrap の読み取り専用パス",
    "sandbox docker": "サンドボックス docker",
    "cursor lane": "Cursor レーン",
    "slots": "スロット",
    "idle timeout": "アイドルタイムアウト",
    "hint: %1": "ヒント: %1",
    "presence %1 gen %2 %3 %4\n": "プレゼンス %1 世代 %2 %3 %4\n",
})

# --- Issue 21: pairing codes off the command line (--code -, CHECKFU_PAIRING_CODE). ---
J.update({
    "a one-use pairing code to redeem, as --code (the flag wins; a secret)": "使用する 1 回限りのペアリングコード。--code と同じ（フラグが優先、秘密情報）",
    "One-use pairing code (CFU-XXXX-XXXX-XXXX) to redeem; - reads it from standard input (one line). Default: %1.": "使用する 1 回限りのペアリングコード（CFU-XXXX-XXXX-XXXX）。- を指定すると標準入力（1 行）から読み取ります。既定: %1。",
    "Pairing on a shared machine: every local account can read a running program's command line\n  (/proc/<pid>/cmdline, ps), and a code read there can be redeemed first, making another\n  machine this Runner. checkfu-runner hides --code's value from it at once, but not before\n  the program has started; --code - (the code on standard input) and %1 never show it:\n    echo \"$CODE\" | checkfu-runner start --endpoint URL --code -\n": "共有マシンでのペアリング: ローカルのすべてのアカウントは実行中のプログラムのコマンドライン\n  （/proc/<pid>/cmdline、ps）を読み取れます。そこで読まれたコードが先に使用されると、別のマシンが\n  このランナーになってしまいます。checkfu-runner は --code の値をすぐにそこから消しますが、\n  プログラムの起動前には消せません。--code -（標準入力のコード）と %1 は一度も表示しません:\n    echo \"$CODE\" | checkfu-runner start --endpoint URL --code -\n",
    "%1 reads the pairing code from standard input, which gave none (empty, closed, or an empty line typed). Pipe the code in (echo \"$CODE\" | checkfu-runner start %1), or set %2.": "%1 は標準入力からペアリングコードを読み取りますが、何も得られませんでした（空、閉じている、または空行が入力されました）。コードをパイプで渡す（echo \"$CODE\" | checkfu-runner start %1）か、%2 を設定してください。",
    "%1: %2": "%1: %2",
    "pairing code: %1 (from %2)": "ペアリングコード: %1（%2 から）",
    "Pairing code: ": "ペアリングコード: ",
    "One-use pairing code (CFU-XXXX-XXXX-XXXX) to redeem; - reads it from standard input. On a shared machine use - or %1: every local account can read a command line.": "使用する 1 回限りのペアリングコード（CFU-XXXX-XXXX-XXXX）。- を指定すると標準入力から読み取ります。共有マシンでは - または %1 を使ってください。ローカルのすべてのアカウントがコマンドラインを読み取れます。",
})

# --- Issue 21: pairing links, the Cursor key of a pairing, links from the control plane ---
J.update({
    '%1 — not opened: %2': '%1 — 開きません: %2',
    '%1 (on %2)': '%1（%2 上）',
    "the control plane's link is too long": 'コントロールプレーンのリンクが長すぎます',
    "the control plane's link is not a valid address": 'コントロールプレーンのリンクは有効なアドレスではありません',
    'it is a plain http:// link to %1; only https:// (or http:// to this machine) is opened': '%1 への暗号化されていない http:// リンクです。開くのは https://（またはこのマシンへの http://）だけです',
    'it is a %1: link; only https:// (or http:// to this machine) is opened': '%1: のリンクです。開くのは https://（またはこのマシンへの http://）だけです',
    "the control plane's link names no host, or carries a user name": 'コントロールプレーンのリンクにホストがないか、ユーザー名が含まれています',
    'This machine is not paired, and the Cursor API key belongs to a pairing: pair this machine first.': 'このマシンはペアリングされていません。Cursor API キーはペアリングに属するため、先にこのマシンをペアリングしてください。',
    'K&eep this Cursor lane and its stored API key for the new pairing': 'この Cursor レーンと保存済みの API キーを新しいペアリングでも使う(&E)',
    'The current pairing has a Cursor lane: profile version %1, release digest %2, model %3, with an API key in the credential store. Unless you keep it, the key is removed and the lane is off once this machine is paired again.': '現在のペアリングには Cursor レーンがあります: プロファイルバージョン %1、リリースダイジェスト %2、モデル %3、認証情報ストアに API キーがあります。引き継がない場合、このマシンを再度ペアリングした時点でキーは削除され、レーンはオフになります。',
    "The link's endpoint %1 is on this machine, but Checkfu Runner cannot tell which user's program listens on port %2 here, so the link was refused. If you run that control plane yourself, type its address on this page.": 'リンクのエンドポイント %1 はこのマシン上にありますが、ポート %2 で待ち受けているのがどのユーザーのプログラムか Checkfu Runner には判断できないため、リンクを拒否しました。そのコントロールプレーンを自分で動かしている場合は、このページにアドレスを入力してください。',
    "The link's endpoint %1 is on this machine, but nothing listens on port %2, so the link was refused: another user could start a program there later and pose as your control plane. Start your control plane first, then open the link again.": 'リンクのエンドポイント %1 はこのマシン上にありますが、ポート %2 で待ち受けているものがないため、リンクを拒否しました。別のユーザーが後でそこにプログラムを起動し、コントロールプレーンになりすます可能性があります。先にコントロールプレーンを起動してから、もう一度リンクを開いてください。',
    "The link's endpoint %1 is on this machine, but the program listening on port %2 belongs to another user (uid %3), who could pose as your control plane and take this machine's runs. The link was refused.": 'リンクのエンドポイント %1 はこのマシン上にありますが、ポート %2 で待ち受けているプログラムは別のユーザー（uid %3）のものです。そのユーザーはコントロールプレーンになりすまし、このマシンの実行を奪う可能性があります。リンクを拒否しました。',
    'This pairing link is for the control plane %1.': 'このペアリングリンクはコントロールプレーン %1 用です。',
    'This pairing link names no control plane: its code will be redeemed with %1, the control plane set on the first page.': 'このペアリングリンクにはコントロールプレーンの指定がありません。コードは最初のページで設定したコントロールプレーン %1 で使用されます。',
    'Runs it sends will execute on this machine: continue only if you expected this link from your administrator.': 'そこから送られる実行はこのマシンで動作します。管理者からこのリンクが届く予定だった場合にだけ続けてください。',
    'This machine works for %1 now: pairing replaces that.': 'このマシンは現在 %1 のために動作しています。ペアリングするとこれが置き換えられます。',
    "%1 waits for your decision in the Checkfu dashboard. The control plane's link was not opened: %2.": '%1 が Checkfu ダッシュボードであなたの判断を待っています。コントロールプレーンのリンクは開きませんでした: %2。',
    '%1 waits for your decision. Click to open it in the Checkfu dashboard on %2.': '%1 があなたの判断を待っています。クリックすると %2 上の Checkfu ダッシュボードで開きます。',
    '%1 (runner %2)': '%1（ランナー %2）',
    '%1 (workspace %2, runner %3)': '%1（ワークスペース %2、ランナー %3）',
    'This machine works for %1. Pair it with %2 instead? The current pairing ends: its credential is forgotten and its runs no longer come to this machine.': 'このマシンは %1 のために動作しています。代わりに %2 とペアリングしますか？現在のペアリングは終了し、その認証情報は削除され、その実行はこのマシンに届かなくなります。',
    'Cursor lane: model %1, with the API key entered here': 'Cursor レーン: モデル %1、ここで入力した API キー',
    'Cursor lane: model %1, kept from the current pairing': 'Cursor レーン: モデル %1、現在のペアリングから引き継ぎ',
    "Cursor lane: off (the current pairing's Cursor API key is removed)": 'Cursor レーン: オフ（現在のペアリングの Cursor API キーは削除されます）',
    '&Replace the Current Pairing': '現在のペアリングを置き換える(&R)',
    "Replace this machine's pairing?": 'このマシンのペアリングを置き換えますか？',
    'Choose Replace the Current Pairing to pair, or Cancel to keep the current pairing.': 'ペアリングするには「現在のペアリングを置き換える」を、現在のペアリングを残すには「キャンセル」を選んでください。',
    'Nothing has been redeemed yet.': 'まだ何も使用されていません。',
    'The Cursor lane of the current pairing could not be kept (%1), so the new pairing has none.': '現在のペアリングの Cursor レーンを引き継げなかったため（%1）、新しいペアリングにはレーンがありません。',
    'its tuple is not usable': 'そのタプルは使用できません',
    'Owner: %1': '所有者: %1',
    'Workspace: %1 (runner pool %2)': 'ワークスペース: %1（ランナープール %2）',
    'Runner: %1': 'ランナー: %1',
    'The credential was removed, but not the Cursor API key: %1': '認証情報は削除しましたが、Cursor API キーは削除できませんでした: %1',
})

# --- LFS objects of git mounts (§6.8 lfs: true) ---
J.update({
    'git-lfs printed a listing that is not a JSON object': 'git-lfs が出力した一覧は JSON オブジェクトではありません',
    'git-lfs printed a listing without a list of files': 'git-lfs が出力した一覧にファイルのリストがありません',
    'git-lfs listed a file without a sha256 oid and a size': 'git-lfs が sha256 の oid とサイズのないファイルを一覧に含めました',
    'git-lfs listed object %1 with two sizes': 'git-lfs がオブジェクト %1 を 2 つの異なるサイズで一覧に含めました',
    "the LFS server's batch answer is not a JSON object": 'LFS サーバーのバッチ応答は JSON オブジェクトではありません',
    "the LFS server chose the transfer '%1'; only basic is supported": "LFS サーバーが転送方式 '%1' を選びました。basic のみ対応しています",
    "the LFS server's batch answer uses a hash other than sha256": 'LFS サーバーのバッチ応答が sha256 以外のハッシュを使っています',
    "the LFS server's batch answer has no objects list": 'LFS サーバーのバッチ応答にオブジェクトのリストがありません',
    'the LFS server did not answer for object %1': 'LFS サーバーがオブジェクト %1 に応答しませんでした',
    'the LFS server has no object %1 (%2: %3)': 'LFS サーバーにオブジェクト %1 がありません（%2: %3）',
    'the LFS server gives object %1 another size (%2, the pointer says %3)': 'LFS サーバーがオブジェクト %1 に別のサイズを示しています（%2、ポインターでは %3）',
    'the LFS server gave no download address for object %1': 'LFS サーバーがオブジェクト %1 のダウンロード先を示しませんでした',
    "the LFS server's headers for object %1 are not an object": 'LFS サーバーのオブジェクト %1 のヘッダーがオブジェクトではありません',
    "the LFS server's header %1 for object %2 is not a string": 'LFS サーバーのオブジェクト %2 のヘッダー %1 が文字列ではありません',
    'the LFS server sent too many headers for object %1': 'LFS サーバーがオブジェクト %1 に多すぎるヘッダーを送りました',
    'the LFS server sent a header for object %1 that cannot be sent (%2)': 'LFS サーバーがオブジェクト %1 に送信できないヘッダーを送りました（%2）',
    'cannot create the LFS store in the work tree': '作業ツリーに LFS ストアを作成できません',
    'stopped while downloading LFS objects': 'LFS オブジェクトのダウンロード中に停止しました',
    'the LFS address %1 is refused: it %2': 'LFS のアドレス %1 は拒否されました: アドレス%2',
    'cannot write LFS object %1: %2': 'LFS オブジェクト %1 を書き込めません: %2',
    "the LFS server's batch answer is larger than %1 MiB": 'LFS サーバーのバッチ応答が %1 MiB を超えています',
    'the LFS server sends more than the %1 bytes of object %2': 'LFS サーバーがオブジェクト %2 の %1 バイトを超えて送信しています',
    '%1 redirects more than %2 times': '%1 が %2 回を超えてリダイレクトしています',
    'the LFS server redirects its batch API (HTTP %1)': 'LFS サーバーがバッチ API をリダイレクトしています（HTTP %1）',
    'cannot reach %1 (%2)': '%1 に接続できません（%2）',
    "%1 refused the mount's credential (HTTP %2)": '%1 がマウントの認証情報を拒否しました（HTTP %2）',
    '%1 answered HTTP %2': '%1 が HTTP %2 を返しました',
    'the transfer from %1 broke off (%2)': '%1 からの転送が途中で切れました（%2）',
    'LFS object %1 as downloaded does not match its oid and size': 'ダウンロードした LFS オブジェクト %1 が oid とサイズに一致しません',
    'cannot store LFS object %1: %2': 'LFS オブジェクト %1 を保存できません: %2',
    'git lfs ls-files failed: %1': 'git lfs ls-files に失敗しました: %1',
    "the LFS objects take %1 MiB (twice: store and work tree), more than the run's disk_mib (%2 MiB)": 'LFS オブジェクトが %1 MiB（ストアと作業ツリーで 2 倍）になり、実行の disk_mib（%2 MiB）を超えています',
    'cannot find the git directory of %1: %2': '%1 の git ディレクトリが見つかりません: %2',
    'Downloading LFS objects': 'LFS オブジェクトをダウンロード中',
    'git lfs checkout failed: %1': 'git lfs checkout に失敗しました: %1',
    '%n LFS object(s) are still pointers after checkout': 'チェックアウト後も %n 個の LFS オブジェクトがポインターのままです',
    'git lfs install failed: %1': 'git lfs install に失敗しました: %1',
})

# --- Mounts (§6.8): git, memory, skills; the git cache ---
J.update({
    'The run keeps zero data (ephemeral_zdr) but asks for a writable memory mount, whose changes would outlive it.': 'この実行はデータを保持しません（ephemeral_zdr）が、変更が実行より長く残る書き込み可能な memory マウントを要求しています。',
    'cannot open %1: %2': '%1 を開けません: %2',
    '%1 is not owned by this user': '%1 の所有者はこのユーザーではありません',
    'cannot make %1 private: %2': '%1 を非公開にできません: %2',
    'cannot create %1: %2': '%1 を作成できません: %2',
    '%1 is not a normalised path': '%1 は正規化されたパスではありません',
    '%1 is not a relative path to a file': '%1 はファイルへの相対パスではありません',
    '%1: %2': '%1: %2',
    '%1: cannot create it: %2': '%1: 作成できません: %2',
    '%1: cannot write it: %2': '%1: 書き込めません: %2',
    'git is not installed (apt install git)': 'git がインストールされていません（apt install git）',
    'git init failed: %1': 'git init に失敗しました: %1',
    'git remote add failed: %1': 'git remote add に失敗しました: %1',
    'cannot create the git cache: %1': 'git キャッシュを作成できません: %1',
    'another run holds the git cache of this repository for more than %1 s': '別の実行がこのリポジトリの git キャッシュを %1 秒以上使用しています',
    "Waiting for another run's fetch of this repository": '別の実行によるこのリポジトリの取得を待っています',
    'commit %1 is not in %2': 'コミット %1 は %2 にありません',
    'Fetching %1': '%1 を取得中',
    'cannot fetch commit %1 from %2: %3': 'コミット %1 を %2 から取得できません: %3',
    'cannot fetch %1 from %2: %3': '%1 を %2 から取得できません: %3',
    'Copying %1 from the git cache': '%1 を git キャッシュからコピー中',
    'the git cache of %1 is empty': '%1 の git キャッシュは空です',
    'cannot copy commit %1 from the git cache: %2': 'コミット %1 を git キャッシュからコピーできません: %2',
    'Checking out %1': '%1 をチェックアウト中',
    'cannot check out %1: %2': '%1 をチェックアウトできません: %2',
    'HEAD is %1 after checkout, not %2': 'チェックアウト後の HEAD が %2 ではなく %1 です',
    'cannot read .gitmodules in %1: %2': '%1 の .gitmodules を読めません: %2',
    'a submodule in .gitmodules asks to run a command on update': '.gitmodules のサブモジュールが更新時にコマンドの実行を求めています',
    "the submodule path '%1' in .gitmodules is refused (option-like, absolute or leaving the work tree)": ".gitmodules のサブモジュールのパス '%1' は拒否されました（オプションに見える、絶対パス、または作業ツリーの外を指しています）",
    'leaves its server': 'サーバーの外を指しています',
    'the URL of submodule %1 (%2) %3': 'サブモジュール %1 の URL（%2）: %3',
    'Fetching submodules': 'サブモジュールを取得中',
    'cannot fetch the submodules: %1': 'サブモジュールを取得できません: %1',
    "the repository takes %1 MiB, more than the run's disk_mib (%2 MiB)": 'リポジトリが %1 MiB あり、実行の disk_mib（%2 MiB）を超えています',
    'stopped while fetching': '取得中に停止しました',
    'git gave no reason': 'git は理由を示しませんでした',
    "the repository is larger than the run's disk_mib (%1 MiB)": 'リポジトリが実行の disk_mib（%1 MiB）より大きいです',
    'cannot start git: %1': 'git を起動できません: %1',
    "is empty (give the repository's https:// URL)": 'が空です（リポジトリの https:// URL を指定してください）',
    'is longer than %1 characters': 'が %1 文字を超えています',
    "starts with '-', which git would read as an option": "が '-' で始まっています。git はこれをオプションとして読みます",
    'contains a space, control character or backslash': 'に空白、制御文字、またはバックスラッシュが含まれています',
    'is not an https:// URL (local paths, scp-like and ext:: addresses are refused)': 'が https:// URL ではありません（ローカルパス、scp 形式、ext:: アドレスは拒否されます）',
    "uses the scheme '%1'; only https:// is allowed (http:// only for a loopback host)": "がスキーム '%1' を使っています。https:// のみ使用できます（http:// はループバックホストのみ）",
    "contains a user name or password (the part before '@'): give it as the mount's credential instead": "にユーザー名またはパスワード（'@' の前の部分）が含まれています。代わりにマウントの認証情報として指定してください",
    "contains a query ('?') or fragment ('#')": "にクエリ（'?'）またはフラグメント（'#'）が含まれています",
    'has no host': 'にホストがありません',
    "uses plain http:// with the host '%1', which is not a loopback address; use https://": "がループバックアドレスではないホスト '%1' で平文の http:// を使っています。https:// を使用してください",
    'is not a valid URL': 'が有効な URL ではありません',
    'is empty (give null or a full ref such as refs/heads/main)': 'が空です（null または refs/heads/main のような完全な ref を指定してください）',
    'is longer than 1024 characters': 'が 1024 文字を超えています',
    'is not a full ref (it must start with refs/, e.g. refs/heads/main)': 'が完全な ref ではありません（refs/ で始まる必要があります。例: refs/heads/main）',
    'contains a character a ref cannot hold (space, control, ~ ^ : ? * [ or \\)': 'に ref に使えない文字（空白、制御文字、~ ^ : ? * [ または \\）が含まれています',
    'is not a well-formed ref name': 'が正しい形式の ref 名ではありません',
    '%1 mount at %2: %3': '%2 の %1 マウント: %3',
    "the run's directories are gone": '実行のディレクトリがなくなっています',
    'stopped while materialising': '準備中に停止しました',
    'cannot create the git cache %1': 'git キャッシュ %1 を作成できません',
    'Repository: %1': 'リポジトリ: %1',
    'the run asks for a git mount with lfs: true, and git-lfs is not installed (apt install git-lfs)': 'この実行は lfs: true の git マウントを要求していますが、git-lfs がインストールされていません（apt install git-lfs）',
    'Preparing the workspace': 'ワークスペースを準備中',
    '%1 in the memory at %2 is not a regular file; it is not reported': '%2 の memory にある %1 は通常のファイルではないため、報告されません',
    'the changes to the memory at %1 exceed 8 MiB (or one file 1 MiB); the rest is not reported': '%1 の memory への変更が 8 MiB（または 1 ファイルで 1 MiB）を超えています。残りは報告されません',
    'has the wrong type (expected true or false)': 'の型が正しくありません（true または false が必要です）',
    "is neither beneath the workspace root %1 nor in the run's home (~/...)": 'がワークスペースのルート %1 の下にも実行のホーム（~/...）にもありません',
    'is also the target of mounts[%1]': 'は mounts[%1] のターゲットと同じです',
    'lies above the target of mounts[%1]': 'が mounts[%1] のターゲットの上位にあります',
    'lies beneath the target of mounts[%1]': 'が mounts[%1] のターゲットの下にあります',
    'is not part of a git mount (its files come from the repository)': 'は git マウントには指定できません（ファイルはリポジトリから取得されます）',
    "contains ':' or a control character": "に ':' または制御文字が含まれています",
    'is not a credential kind of this version (http_basic or http_bearer)': 'はこのバージョンの認証情報の種類ではありません（http_basic または http_bearer）',
    'contains a control character': 'に制御文字が含まれています',
    "has no SKILL.md at the skill's root": 'のスキルのルートに SKILL.md がありません',
    'is a file and a directory at once (with %1)': 'がファイルとディレクトリの両方になっています（%1 と）',
    'is longer than %1 bytes': 'が %1 バイトを超えています',
    'is not an absolute path (the first mount is the workspace root)': 'が絶対パスではありません（最初のマウントはワークスペースのルートです）',
    "is neither an absolute path nor a path in the run's home (~/...)": 'が絶対パスでも実行のホーム（~/...）のパスでもありません',
    'is / (the workspace root must be a directory of its own, e.g. /workspace)': 'が / です（ワークスペースのルートは専用のディレクトリである必要があります。例: /workspace）',
    'start, doctor, unpair or cache': 'start、doctor、unpair、cache のいずれか',
    'checkfu-runner: name a command (start, doctor, unpair, cache); see --help': 'checkfu-runner: コマンド（start、doctor、unpair、cache）を指定してください。--help を参照してください',
    "checkfu-runner: unknown command '%1'; use start, doctor, unpair or cache": "checkfu-runner: 不明なコマンド '%1' です。start、doctor、unpair、cache のいずれかを使用してください",
    'The git cache: mirrors of the repositories durable runs fetched, so that the next fetch is fast. ZDR runs never use it.': 'git キャッシュ: 永続的な実行が取得したリポジトリのミラーで、次回の取得を速くします。ZDR の実行は使用しません。',
    'list (the default) or clear': 'list（既定）または clear',
    'Removed %n mirror(s) from %1.': '%1 からミラーを %n 個削除しました。',
    '%n mirror(s) are in use by a running fetch and were kept.': '%n 個のミラーは実行中の取得で使用中のため残しました。',
    "checkfu-runner cache: unknown action '%1'; use list or clear": "checkfu-runner cache: 不明な操作 '%1' です。list または clear を使用してください",
    '%n mirror(s), %1 MiB in %2 (at most %3 MiB)': 'ミラー %n 個、%2 に %1 MiB（上限 %3 MiB）',
    '%1… %2 %': '%1… %2 %',
    '%1…': '%1…',
    'its workspace could not be materialised': 'ワークスペースを準備できませんでした',
    "the mount target %1 cannot be used with docker (no ':' or ',')": "マウントターゲット %1 は docker では使用できません（':' や ',' は使えません）",
    'not installed: runs with a git mount are refused': 'インストールされていません。git マウントのある実行は拒否されます',
    'Install it: sudo apt install git': 'インストールしてください: sudo apt install git',
    '%1 (%2)%3': '%1（%2）%3',
    'does not answer --version': '--version に応答しません',
    '; git-lfs installed': '、git-lfs はインストール済み',
    '; no git-lfs: lfs mounts are refused': '、git-lfs がないため lfs マウントは拒否されます',
    '%n mirror(s), %1 MiB in %2 (at most %3 MiB; checkfu-runner cache clear empties it)': 'ミラー %n 個、%2 に %1 MiB（上限 %3 MiB。checkfu-runner cache clear で空にできます）',
    'git': 'git',
    'git cache': 'git キャッシュ',
})

# --- Issue 23: what a run changed in its kept workspace (the tray's Changes… dialog) ---
J.update({
    "Workspace":
        "ワークスペース",
    "Changes…":
        "変更内容…",
    "What the run changed in its workspace, kept on this machine":
        "この実行がワークスペースで変更した内容（このマシンに保管）",
    "Show…":
        "表示…",
    "What the runs changed in the workspaces kept on this machine":
        "このマシンに保管されたワークスペースで実行が変更した内容",
    "this machine holds no readable snapshot %1":
        "このマシンには読み取り可能なスナップショット %1 がありません",
    "showing changes needs git (apt install git)":
        "変更内容の表示には git が必要です（apt install git）",
    "no scratch directory for the diff: %1":
        "差分用の一時ディレクトリがありません: %1",
    "git's list of changes could not be read":
        "git の変更一覧を読み取れませんでした",
    "%1 did not change":
        "%1 は変更されていません",
    "git diff failed: %1":
        "git diff に失敗しました: %1",
    "checkfu-runner snapshots diff: %1":
        "checkfu-runner snapshots diff: %1",
    # Issue 35: the snapshot store's bound counted as written, a diff bounded by what it writes
    'the workspace will not be kept: %1':
        'ワークスペースは保持されません: %1',
    'Bound of the workspaces kept on this machine in MiB, oldest out first; a workspace the store cannot hold within it is not kept. Default: the stored setting, else %1.':
        'このマシンに保持するワークスペースの上限（MiB）。古いものから削除されます。上限内に収まらないワークスペースは保持されません。既定値: 保存された設定、なければ %1。',
    '--snapshot-store-mib is %1; use a whole number of MiB from 1 to %2.':
        '--snapshot-store-mib が %1 です。1 から %2 までの整数（MiB）を指定してください。',
    "the diff's scratch copy %1 could not be written: %2":
        '差分用の一時コピー %1 を書き込めませんでした: %2',
    'over %1 MiB':
        '%1 MiB 超',
    'past the %1 MiB one diff shows (the smaller files come first)':
        '1 回の差分で表示する %1 MiB を超えています（小さいファイルが優先されます）',
    'its stored content is missing or damaged':
        '保存された内容が見つからないか破損しています',
    '%1: its stored content is missing or damaged':
        '%1: 保存された内容が見つからないか破損しています',
    '%1 is left out of the diff: %2':
        '%1 は差分から除外されています: %2',
    '%1 cannot be written: %2':
        '%1 に書き込めません: %2',
    'git diff could not be started: %1':
        'git diff を起動できませんでした: %1',
    'git diff said nothing for %1 minutes':
        'git diff が %1 分間何も出力しませんでした',
    'the patch could not be handed on (its reader went away)':
        'パッチを渡せませんでした（読み手が終了しました）',
    '%1 bytes':
        '%1 バイト',
    'the snapshot store keeps at most %1 (%2 of it for runs still going)':
        'スナップショットの保存領域は最大 %1 を保持します（うち %2 は実行中のランのもの）',
    '%1 (%2) does not fit: %3, sparse files counted at their full size':
        '%1（%2）は収まりません: %3。スパースファイルは完全なサイズで数えます',
    'the workspace and the tree it started from hold %1, more than the snapshot store keeps at most (%2)':
        'ワークスペースと開始時のツリーで %1 あり、スナップショットの保存領域が保持できる最大（%2）を超えています',
    'checkfu-runner snapshots diff: %1: left out, %2':
        'checkfu-runner snapshots diff: %1: 除外, %2',
    'checkfu-runner snapshots diff: %1 `checkfu-runner snapshots export %2 DIR` writes every file.':
        'checkfu-runner snapshots diff: %1 `checkfu-runner snapshots export %2 DIR` ですべてのファイルを書き出せます。',
    'Bound of the workspaces kept on this machine in MiB. Default: %1.':
        'このマシンに保持するワークスペースの上限（MiB）。既定値: %1。',
    'left out':
        '除外',
    'unreadable':
        '読み取り不可',
    'Export files… writes every file.':
        '「ファイルをエクスポート…」ですべてのファイルを書き出せます。',
    '%n file(s) are left out of this diff and its patch: a side over %1 MiB, past the %2 MiB one diff shows (the smaller files first), or unreadable.':
        '%n 個のファイルはこの差分とパッチから除外されています: 片側が %1 MiB 超、1 回の差分で表示する %2 MiB を超過（小さいファイルが優先）、または読み取り不可。',
    "Shows what a run changed in a workspace kept on this machine: a snapshot id (see `checkfu-runner snapshots list`), or latest.":
        "このマシンに保管されたワークスペースで実行が変更した内容を表示します: スナップショット ID（`checkfu-runner snapshots list` を参照）または latest。",
    "Workspace changes":
        "ワークスペースの変更内容",
    "Workspace:":
        "ワークスペース:",
    "File":
        "ファイル",
    "Change":
        "変更",
    "Lines":
        "行",
    "Save patch…":
        "パッチを保存…",
    "Every change as one patch file: git apply in the prepared tree makes it the kept one":
        "すべての変更を 1 つのパッチファイルに: 準備されたツリーで git apply すると保管されたツリーになります",
    "Export files…":
        "ファイルをエクスポート…",
    "The whole workspace as the run left it, into a folder you choose":
        "実行が終了した時点のワークスペース全体を、選んだフォルダーへ",
    "Reading the workspaces kept on this machine…":
        "このマシンに保管されたワークスペースを読み込んでいます…",
    "%1 — %2 (%3 added, %4 modified, %5 deleted)":
        "%1 — %2（追加 %3、変更 %4、削除 %5）",
    "No workspace is kept on this machine. A run keeps its workspace when its Session asks for it (snapshot.on_settle).":
        "このマシンに保管されたワークスペースはありません。セッションが求めた場合（snapshot.on_settle）、実行はワークスペースを保管します。",
    "The workspace %1 is no longer kept on this machine (removed or expired).":
        "ワークスペース %1 はこのマシンにもう保管されていません（削除されたか期限切れです）。",
    "Comparing the workspace with the tree it started from…":
        "ワークスペースを開始時のツリーと比較しています…",
    "The changes cannot be shown: %1":
        "変更内容を表示できません: %1",
    "the workspace as it was prepared":
        "準備された時点のワークスペース",
    "git commit %1 as it was prepared":
        "準備された git コミット %1",
    "%n file(s) changed, compared with %1. Kept until %2; %3 in all.":
        ["%1 と比べて %n 個のファイルが変更されました。%2 まで保管されます。合計 %3。"],
    "added":
        "追加",
    "deleted":
        "削除",
    "modified":
        "変更",
    "over 16 MiB":
        "16 MiB 超",
    "binary":
        "バイナリ",
    "The run changed no file.":
        "この実行はファイルを変更しませんでした。",
    "\n… (the rest is in the patch: Save patch…)":
        "\n…（残りはパッチにあります: パッチを保存…）",
    "Save patch":
        "パッチを保存",
    "Patches (*.patch *.diff)":
        "パッチ (*.patch *.diff)",
    "Writing the patch…":
        "パッチを書き込んでいます…",
    "Saved the patch to %1 (git apply in the prepared tree applies it).":
        "パッチを %1 に保存しました（準備されたツリーで git apply すると適用されます）。",
    "The patch was not saved: %1":
        "パッチは保存されませんでした: %1",
    "Export the workspace to":
        "ワークスペースのエクスポート先",
    "Exporting…":
        "エクスポートしています…",
    "%1 is not empty":
        "%1 は空ではありません",
    "%1 cannot be opened":
        "%1 を開けません",
    "Exported the workspace to %1 (every file checked against its digest).":
        "ワークスペースを %1 にエクスポートしました（すべてのファイルをダイジェストで確認済み）。",
    "The workspace was not exported: %1":
        "ワークスペースはエクスポートされませんでした: %1",
})

# The platform's MCP relay (issue 24)
J.update({
    'The run asks for the platform protocol %1 (plane_mcp %2); within its enrollment ceiling this machine relays: %3.':
        'この実行はプラットフォームプロトコル %1（plane_mcp %2）を求めていますが、登録の上限内でこのマシンが中継するのは %3 です。',
    "cannot open the run's MCP relay: %1": '実行の MCP 中継を開けません: %1',
    "the run asks for the platform's MCP servers (plane_mcp), and checkfu-mcp-bridge is not installed beside the Runner":
        'この実行はプラットフォームの MCP サーバー（plane_mcp）を求めていますが、checkfu-mcp-bridge がランナーと同じ場所にインストールされていません',
    "the run asks for the platform's MCP servers (plane_mcp), which the sandbox provider %1 does not relay":
        'この実行はプラットフォームの MCP サーバー（plane_mcp）を求めていますが、サンドボックスプロバイダー %1 はそれを中継しません',
    'has %1 entries; at most %2 are allowed': '%1 個のエントリがあります。許可されるのは最大 %2 個です',
    'appears twice in plane_mcp (each name must be unique)': 'plane_mcp に 2 回現れます（名前はそれぞれ一意である必要があります）',
    'Platform tools: %n call(s)': 'プラットフォームツール: %n 回の呼び出し',
    'it asks for platform tools this machine does not relay': 'このマシンが中継しないプラットフォームツールを求めています',
    "checkfu-mcp-bridge is missing: runs that use the platform's tools (plane_mcp) are refused":
        'checkfu-mcp-bridge がありません。プラットフォームのツール（plane_mcp）を使う実行は拒否されます',
    'Reinstall the Runner: checkfu-mcp-bridge belongs next to %1.':
        'ランナーを再インストールしてください。checkfu-mcp-bridge は %1 と同じ場所に必要です。',
    '%1: relays %2': '%1: %2 を中継します',
    "a process outside this run's sandbox (or one too many) tried to use its MCP relay; it was refused":
        'この実行のサンドボックス外のプロセス（または上限を超えた接続）が MCP 中継を使おうとしたため、拒否しました',
    "a line of more than 4 MiB came from the harness's MCP client; its connection was closed":
        'ハーネスの MCP クライアントから 4 MiB を超える行が届いたため、その接続を閉じました',
    "a connection to the MCP relay did not name one of the run's plane_mcp entries; it was closed":
        'MCP 中継への接続が実行の plane_mcp エントリを指定しなかったため、閉じました',
    "a message from the harness's MCP client was not relayed: %1": 'ハーネスの MCP クライアントからのメッセージを中継しませんでした: %1',
})

# Exports of kept workspaces (issue 35): what git would run is left out; the folder is checked
J.update({
    '%1 and %n more': '%1 ほか %n 件',
    'hooks': 'フック',
    'commands of an unfinished rebase': '完了していないリベースのコマンド',
    'a link in a git directory': 'git ディレクトリ内のリンク',
    'a link named .git': '.git という名前のリンク',
    'points outside the export': 'エクスポート先の外を指しています',
    'a git configuration too large to rewrite': '書き換えるには大きすぎる git 設定',
    "The files came from the agent: look through them before you run anything there (a build, a script, an editor's settings for the folder).":
        'これらのファイルはエージェントが作成したものです。そこで何か（ビルド、スクリプト、フォルダー用のエディター設定など）を実行する前に内容を確認してください。',
    'So that git run there runs nothing the agent chose:':
        'そこで実行する git がエージェントの選んだものを何も実行しないように:',
    '- rewritten, keeping only settings that never run a command: %1':
        '- 書き換え（コマンドを実行しない設定だけを残しました）: %1',
    '  (left out of them: %1)': '  （除外した設定: %1）',
    '- left out: %1': '- 除外: %1',
    '%1 cannot be created: %2': '%1 を作成できません: %2',
    '%1 is a symbolic link; choose the folder it points to, or another':
        '%1 はシンボリックリンクです。リンク先のフォルダーか、別のフォルダーを選んでください',
    '%1 exists and is not an empty directory': '%1 は既に存在し、空のディレクトリではありません',
    '%1 cannot be opened: %2': '%1 を開けません: %2',
    '%1 belongs to another user (uid %2, not %3), who could change the files while or after they are exported. Choose a folder of your own.':
        '%1 は別のユーザー（UID %2、あなたは %3）のものです。そのユーザーはエクスポート中やエクスポート後にファイルを変更できます。自分のフォルダーを選んでください。',
    '%1 can be written by other users (mode %2), who could change the files while or after they are exported. Choose another folder, or make it yours alone: chmod go-w %1':
        '%1 には他のユーザーが書き込めます（モード %2）。そのユーザーはエクスポート中やエクスポート後にファイルを変更できます。別のフォルダーを選ぶか、自分だけのものにしてください: chmod go-w %1',
    'The whole workspace as the agent left it, into a folder you choose; what would make git run commands the agent chose is left out':
        'エージェントが残したままのワークスペース全体を、選んだフォルダーへ。git にエージェントの選んだコマンドを実行させるものは除外します',
})

J.update({
    '%1 already exists':
        '%1 はすでに存在します',
    'cannot open %1 (a symbolic link on its way, or not a directory): %2':
        '%1 を開けません（途中にシンボリックリンクがあるか、ディレクトリではありません）: %2',
    'cannot make the git directory of the mount: %1':
        'マウントの git ディレクトリを作成できません: %1',
    'the submodule %1 cannot be reached inside the work tree: %2':
        'サブモジュール %1 に作業ツリーの中からたどり着けません: %2',
    'cannot find the git directory of the submodule %1: %2':
        'サブモジュール %1 の git ディレクトリが見つかりません: %2',
    "the git directory of the submodule %1 is not under the mount's .git/modules":
        'サブモジュール %1 の git ディレクトリがマウントの .git/modules の下にありません',
    'cannot list the files of %1: %2':
        '%1 のファイルを一覧できません: %2',
    "cannot create the git mount's target %1: %2":
        'git マウントのターゲット %1 を作成できません: %2',
    "the git mount's target %1 already exists (an earlier mount or the restored snapshot holds it); the Runner fetches a repository only into a directory it creates itself. Choose a target that does not exist yet, or leave %1 out of the earlier mount.":
        'git マウントのターゲット %1 はすでに存在します（前のマウントか復元したスナップショットに含まれています）。ランナーはリポジトリを自分で作成したディレクトリにしか取得しません。まだ存在しないターゲットを選ぶか、前のマウントから %1 を外してください。',
    '%1 is not a directory. Remove it (or point %2 at a directory of your own) and start again.':
        '%1 はディレクトリではありません。削除（または %2 を自分専用のディレクトリに設定）してから、もう一度起動してください。',
    '%1 belongs to another user (uid %2, not %3), who could then read or change what this Runner keeps in it. Remove it (or point %4 at a directory of your own) and start again.':
        '%1 は別のユーザー（uid %2。%3 ではありません）の所有で、そのユーザーがこのランナーがそこに保存するものを読み取ったり変更したりできてしまいます。削除（または %4 を自分専用のディレクトリに設定）してから、もう一度起動してください。',
    "further connections to this run's MCP relay are refused without a warning":
        'この実行の MCP リレーへのこれ以降の接続は警告なしで拒否されます',
    "the harness's MCP client keeps sending messages the relay refuses; further ones are refused without a warning":
        'ハーネスの MCP クライアントがリレーの拒否するメッセージを送り続けています。これ以降は警告なしで拒否されます',
})

JAPANESE = J
# A text that reads differently in one context: {(context, source): translation}.
CONTEXT_JAPANESE = {}

PLACEHOLDER = re.compile(r"%(?:\d{1,2}|n)")
TAG = re.compile(r"</?(p|b|i|u|a|br|em|strong|code|tt|pre|span|div|ul|ol|li|h[1-6]|qt|html|body|table|tr|td|th)\b[^>]*>")
ACCELERATOR = re.compile(r"&([A-Za-z0-9])")
MESSAGE = re.compile(r"(<message[^>]*>)(.*?)(</message>)", re.S)
CONTEXT = re.compile(r"<context>.*?</context>", re.S)
TRANSLATION = re.compile(r"<translation[^>]*?(?:/>|>.*?</translation>)", re.S)


def problems(source, translation):
    """What a translation lost from its source: placeholders, accelerator, tags, line breaks."""
    found = []
    if sorted(PLACEHOLDER.findall(source)) != sorted(PLACEHOLDER.findall(translation)):
        found.append("placeholders differ")
    if source.count("&") - 2 * source.count("&&") != translation.count("&") - 2 * translation.count("&&"):
        found.append("a different number of '&'")
    accelerators = [a for a in ACCELERATOR.findall(source.replace("&&", "")) if "://" not in source]
    for letter in accelerators:
        if "(&%s)" % letter.upper() not in translation and "&" + letter not in translation:
            found.append("accelerator &%s missing" % letter)
    if sorted(TAG.findall(source)) != sorted(TAG.findall(translation)):
        found.append("HTML tags differ")
    if source.count("\n") != translation.count("\n"):
        found.append("line breaks differ")
    if source.count("…") != translation.count("…") or source.endswith("…") != translation.endswith("…"):
        found.append("… missing or moved")
    return found


def escape(text):
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace("'", "&apos;").replace('"', "&quot;"))


def text_of(block, element):
    match = re.search(r"<%s>(.*?)</%s>" % (element, element), block, re.S)
    return html.unescape(match.group(1)) if match else None


def fill(text):
    """Returns the .ts text with the known translations filled in, and the unknown sources."""
    unknown = []
    bad = []

    def message(match, context):
        opening, body, closing = match.groups()
        source = text_of(body, "source")
        japanese = CONTEXT_JAPANESE.get((context, source), JAPANESE.get(source))
        if japanese is None:
            unknown.append((context, source))
            return match.group(0)
        forms = japanese if isinstance(japanese, list) else [japanese]
        for form in forms:
            for problem in problems(source, form):
                bad.append((context, source, problem))
        indent = re.search(r"\n([ \t]*)<translation", body)
        pad = indent.group(1) if indent else "        "
        if 'numerus="yes"' in opening:
            inner = "".join("\n%s    <numerusform>%s</numerusform>" % (pad, escape(f)) for f in forms)
            translation = "<translation>%s\n%s</translation>" % (inner, pad)
        else:
            translation = "<translation>%s</translation>" % escape(forms[0])
        return opening + TRANSLATION.sub(lambda _: translation, body, count=1) + closing

    def context(match):
        block = match.group(0)
        name = text_of(block, "name")
        return MESSAGE.sub(lambda m: message(m, name), block)

    text = CONTEXT.sub(context, text)
    text = re.sub(r"<TS ([^>]*)>", lambda m: "<TS %s>" % set_languages(m.group(1)), text, count=1)
    return text, unknown, bad


def set_languages(attributes):
    attributes = re.sub(r'\s*(language|sourcelanguage)="[^"]*"', "", attributes)
    return attributes + ' language="ja_JP" sourcelanguage="en"'


def lint():
    """Checks the whole table, also the texts no current message uses."""
    count = 0
    for source, japanese in list(JAPANESE.items()) + [(s, j) for (_, s), j in CONTEXT_JAPANESE.items()]:
        for form in japanese if isinstance(japanese, list) else [japanese]:
            for problem in problems(source, form):
                print("%r: %s" % (source, problem), file=sys.stderr)
                count += 1
    print("%d texts, %d with problems" % (len(JAPANESE) + len(CONTEXT_JAPANESE), count), file=sys.stderr)
    return 1 if count else 0


def main(argv):
    if "--lint" in argv:
        return lint()
    check = "--check" in argv
    dry_run = "--dry-run" in argv
    paths = [a for a in argv if not a.startswith("--")]
    path = paths[0] if paths else "translations/checkfu_ja.ts"
    with open(path, encoding="utf-8") as f:
        original = f.read()
    text, unknown, bad = fill(original)
    stale = dry_run and text != original
    if not dry_run:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    for context, source, problem in bad:
        print("%s: %r: %s" % (context, source, problem), file=sys.stderr)
    for context, source in unknown:
        print("untranslated: %s: %r" % (context, source), file=sys.stderr)
    if stale:
        print("%s differs from what the table gives: run scripts/lib/translate-ja.py" % path, file=sys.stderr)
    print("%s: %d untranslated, %d with problems" % (path, len(unknown), len(bad)), file=sys.stderr)
    failed = unknown or bad or stale or (check and lint() != 0)
    return 1 if check and failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
