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

# Refresh the caches the desktop reads. update-mime-database makes *.gmdesk a campaign; without it
# (Debian: shared-mime-info) no file manager knows any type, so there is nothing to register with.
if command -v update-mime-database >/dev/null 2>&1; then
    update-mime-database "$SHARE/mime"
else
    say "update-mime-database not found (Debian: shared-mime-info): *.gmdesk files are not recognised yet"
fi

# GLib (GNOME's and most file managers) finds the application that opens a type in
# applications/mimeinfo.cache, which update-desktop-database writes from the menu entries. Without it
# (Debian: desktop-file-utils) add gmdesk to that cache here, keeping every other line, or a
# double-clicked campaign would find no application.
add_to_mimeinfo_cache() {
    cache="$SHARE/applications/mimeinfo.cache"
    types=$(sed -n 's/^MimeType=//p' "$SHARE/applications/$APP_ID.desktop" | tr ';' ' ')
    for type in $types; do
        if [ -f "$cache" ]; then
            awk -v type="$type" -v app="$APP_ID.desktop" '
                index($0, type "=") == 1 {
                    list = substr($0, length(type) + 2)
                    if (index(";" list, ";" app ";") == 0) {
                        if (list != "" && substr(list, length(list)) != ";") list = list ";"
                        $0 = type "=" list app ";"
                    }
                    found = 1
                }
                $0 == "[MIME Cache]" { header = 1 }
                { print }
                END { if (!found) { if (!header) print "[MIME Cache]"; print type "=" app ";" } }
            ' "$cache" > "$cache.new.$$"
        else
            printf '[MIME Cache]\n%s=%s;\n' "$type" "$APP_ID.desktop" > "$cache.new.$$"
        fi
        mv "$cache.new.$$" "$cache"
    done
    chmod 644 "$cache"
}
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$SHARE/applications" || add_to_mimeinfo_cache
else
    add_to_mimeinfo_cache
fi
say "$SHARE/applications/mimeinfo.cache"
if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$SHARE/icons/hicolor/index.theme" ]; then
    gtk-update-icon-cache -q -t "$SHARE/icons/hicolor" || true
fi
echo "Done. Start it from the menu, with '$PREFIX/bin/gmdesk', or by opening a .gmdesk file."
