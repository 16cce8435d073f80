import { QRCodeSVG } from 'qrcode.react';

/** The otpauth:// URI as a QR code: an SVG drawn in the page (loaded only when an enrolment shows it). */
export function EnrolmentQr({ uri }: { uri: string }) {
  return <QRCodeSVG value={uri} size={184} marginSize={2} title="인증 앱에 등록할 QR 코드" role="img" />;
}
