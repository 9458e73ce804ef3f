import { attachmentDisposition } from '../content-disposition';

describe('attachmentDisposition', () => {
  it('gives an ASCII filename and the exact name as RFC 8187 UTF-8', () => {
    expect(attachmentDisposition('report.pdf')).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(attachmentDisposition('Zürich – Q3.pdf')).toBe(
      `attachment; filename="Z_rich _ Q3.pdf"; filename*=UTF-8''Z%C3%BCrich%20%E2%80%93%20Q3.pdf`,
    );
  });

  it('never lets a name break out of the header or name a path', () => {
    const header = attachmentDisposition('a"; filename=evil.html; x="\\..\\/etc/passwd (1)*\'.txt');
    expect(header).toBe(
      `attachment; filename="a__ filename=evil.html_ x=__..__etc_passwd (1)*'.txt"; filename*=UTF-8''a%22%3B%20filename%3Devil.html%3B%20x%3D%22%5C..%5C%2Fetc%2Fpasswd%20%281%29%2A%27.txt`,
    );
    expect(attachmentDisposition('日本')).toBe(`attachment; filename="__"; filename*=UTF-8''%E6%97%A5%E6%9C%AC`);
  });
});
