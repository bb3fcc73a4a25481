import { describe, expect, it } from 'vitest';
import { describeDevice } from './user-agent';

const UA = {
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.51',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15',
  samsung:
    'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
  operaWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  chromeOs:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

describe('describeDevice', () => {
  it('names the browser a person recognises, not the engine it claims to be', () => {
    expect(describeDevice(UA.chromeAndroid, 'en')).toBe('Chrome on Android');
    expect(describeDevice(UA.safariIphone, 'en')).toBe('Safari on iPhone');
    expect(describeDevice(UA.chromeIphone, 'en')).toBe('Chrome on iPhone');
    expect(describeDevice(UA.edgeWindows, 'en')).toBe('Edge on Windows');
    expect(describeDevice(UA.firefoxLinux, 'en')).toBe('Firefox on Linux');
    expect(describeDevice(UA.safariMac, 'en')).toBe('Safari on macOS');
    expect(describeDevice(UA.samsung, 'en')).toBe('Samsung Internet on Android');
    expect(describeDevice(UA.operaWindows, 'en')).toBe('Opera on Windows');
    expect(describeDevice(UA.chromeOs, 'en')).toBe('Chrome on ChromeOS');
  });

  it('speaks Arabic, keeping product names', () => {
    expect(describeDevice(UA.chromeAndroid, 'ar')).toBe('Chrome على Android');
    expect(describeDevice(null, 'ar')).toBe('جهاز غير معروف');
  });

  it('says what it knows of unusual agents, and "Unknown device" for none', () => {
    expect(describeDevice('curl/8.5.0', 'en')).toBe('Unknown device');
    expect(describeDevice('', 'en')).toBe('Unknown device');
    expect(describeDevice(undefined, 'en')).toBe('Unknown device');
    expect(describeDevice('SomeBot (Windows NT 10.0)', 'en')).toBe('Browser on Windows');
  });
});
