#!/usr/bin/env python3
# Fills the plural forms of the English catalogue (perfglass_en.ts) from the source texts' "(s)" notation:
# "%n sample(s) were lost" becomes "%n sample was lost" and "%n samples were lost". Run after lupdate.
import re
import sys
import xml.etree.ElementTree as ET

path = sys.argv[1] if len(sys.argv) > 1 else "translations/perfglass_en.ts"
text = open(path, encoding="utf-8").read()


def forms(source):
    singular = source.replace("(s) were", " was").replace("(s)", "")
    plural = source.replace("(s)", "s")
    return singular, plural


def fill(match):
    block = match.group(0)
    source = ET.fromstring("<m>" + re.search(r"<source>(.*?)</source>", block, re.S).group(0) + "</m>")[0].text
    singular, plural = forms(source)
    esc = lambda s: s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    translation = ("<translation>\n            <numerusform>%s</numerusform>\n"
                   "            <numerusform>%s</numerusform>\n        </translation>") % (esc(singular), esc(plural))
    return re.sub(r"<translation.*?(</translation>|/>)", translation, block, flags=re.S)


text = re.sub(r'<message numerus="yes">.*?</message>', fill, text, flags=re.S)
open(path, "w", encoding="utf-8").write(text)
