import { ApiProperty } from '@nestjs/swagger';

/** The 17 시·도 by short name, with their national administrative codes. */
export const REGIONS = [
  { code: '11', name: '서울' },
  { code: '26', name: '부산' },
  { code: '27', name: '대구' },
  { code: '28', name: '인천' },
  { code: '29', name: '광주' },
  { code: '30', name: '대전' },
  { code: '31', name: '울산' },
  { code: '36', name: '세종' },
  { code: '41', name: '경기' },
  { code: '51', name: '강원' },
  { code: '43', name: '충북' },
  { code: '44', name: '충남' },
  { code: '52', name: '전북' },
  { code: '46', name: '전남' },
  { code: '47', name: '경북' },
  { code: '48', name: '경남' },
  { code: '50', name: '제주' },
] as const;

export const REGION_NAMES: readonly string[] = REGIONS.map((region) => region.name);

export class RegionDto {
  @ApiProperty({ description: 'National administrative code of the 시·도', example: '11' })
  code!: string;

  @ApiProperty({ description: 'Short name, as leads and orders name their region', example: '서울' })
  name!: string;
}

export class RegionsResponse {
  @ApiProperty({ type: [RegionDto] })
  data!: RegionDto[];
}
