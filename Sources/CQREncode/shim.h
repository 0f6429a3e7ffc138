// libqrencode (apt libqrencode-dev): QR codes for `--qrcode`. Nothing needs wrapping; the header is imported as is.
#include <qrencode.h>
