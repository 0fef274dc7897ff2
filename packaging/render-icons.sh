#!/bin/sh
# Renders resources/icons/perfglass.svg into the PNG sizes of the hicolor icon theme that desktop environments
# use (resources/icons/hicolor/SIZE/com.perfglass.Perfglass.png, installed by packaging/CMakeLists.txt). Run it
# after changing the SVG and commit the PNGs; it needs rsvg-convert (Debian: librsvg2-bin).
set -eu
cd "$(dirname "$0")/../resources/icons"
for size in 16 22 24 32 48 64 128 256 512; do
    mkdir -p "hicolor/${size}x${size}"
    rsvg-convert -w "$size" -h "$size" perfglass.svg -o "hicolor/${size}x${size}/com.perfglass.Perfglass.png"
done
