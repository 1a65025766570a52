#!/bin/sh
# Install the gmdesk bundle this script sits in, with its desktop integration, under PREFIX.
#
#   ./install-linux.sh              # for you alone: ~/.local (no root needed)
#   sudo ./install-linux.sh /usr/local
#
# Puts the bundle in PREFIX/lib/gmdesk, a `gmdesk` link in PREFIX/bin, the menu entry, the AppStream
# metainfo, the icons (hicolor theme) and the `application/x-gmdesk-campaign` file type for *.gmdesk, so
# that a double-click on a campaign opens it in gmdesk. To uninstall, delete the files it lists.
set -eu

APP_ID=io.github.gmdesk.GMDesk
PREFIX=${1:-"$HOME/.local"}
HERE=$(cd "$(dirname "$0")" && pwd)
RES="$HERE/_internal/gmdesk/resources"

if [ ! -x "$HERE/gmdesk" ] || [ ! -d "$RES/linux" ]; then
    echo "install-linux.sh: run me from the gmdesk bundle folder (dist/gmdesk/)" >&2
    exit 2
fi
mkdir -p "$PREFIX"
PREFIX=$(cd "$PREFIX" && pwd)
SHARE="$PREFIX/share"
LIB="$PREFIX/lib/gmdesk"

say() { echo "  $1"; }

echo "Installing gmdesk into $PREFIX"
if [ "$HERE" != "$LIB" ]; then
    rm -rf "$LIB"
    mkdir -p "$LIB"
    cp -a "$HERE/." "$LIB/"
fi
say "$LIB/"
mkdir -p "$PREFIX/bin"
ln -sf "$LIB/gmdesk" "$PREFIX/bin/gmdesk"
say "$PREFIX/bin/gmdesk"

# The menu entry runs the program by its full path: PREFIX/bin need not be on the desktop's PATH.
mkdir -p "$SHARE/applications"
sed -e "s|^Exec=gmdesk |Exec=$PREFIX/bin/gmdesk |" -e "s|^TryExec=gmdesk\$|TryExec=$PREFIX/bin/gmdesk|" \
    "$RES/linux/$APP_ID.desktop" > "$SHARE/applications/$APP_ID.desktop"
chmod 644 "$SHARE/applications/$APP_ID.desktop"
say "$SHARE/applications/$APP_ID.desktop"
install -D -m 644 "$RES/linux/$APP_ID.metainfo.xml" "$SHARE/metainfo/$APP_ID.metainfo.xml"
say "$SHARE/metainfo/$APP_ID.metainfo.xml"
install -D -m 644 "$RES/linux/$APP_ID.mime.xml" "$SHARE/mime/packages/$APP_ID.xml"
say "$SHARE/mime/packages/$APP_ID.xml"
install -D -m 644 "$RES/icons/gmdesk.svg" "$SHARE/icons/hicolor/scalable/apps/$APP_ID.svg"
say "$SHARE/icons/hicolor/scalable/apps/$APP_ID.svg"
for png in "$RES"/icons/gmdesk-*.png; do
    size=$(basename "$png" .png)
    size=${size#gmdesk-}
    install -D -m 644 "$png" "$SHARE/icons/hicolor/${size}x${size}/apps/$APP_ID.png"
    say "$SHARE/icons/hicolor/${size}x${size}/apps/$APP_ID.png"
done

# Refresh the caches the desktop reads; each tool is optional (the desktop refreshes them at login).
if command -v update-mime-database >/dev/null 2>&1; then
    update-mime-database "$SHARE/mime"
fi
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$SHARE/applications" || true
fi
if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$SHARE/icons/hicolor/index.theme" ]; then
    gtk-update-icon-cache -q -t "$SHARE/icons/hicolor" || true
fi
echo "Done. Start it from the menu, with '$PREFIX/bin/gmdesk', or by opening a .gmdesk file."
